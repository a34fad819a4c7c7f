// What became of an event the Platform panel sent: the bot's answer (accepted, duplicate, ignored, dead or
// stale, or 425 for one dated too far ahead; docs/architecture.md, "Webhooks in") and, for an accepted one,
// the posts and edits it queued, read from the bot's outbox by the event's id, since the answer itself carries
// only the status and the id.
import { canonicalEventKind } from "../../src/events/event-kinds.js";
import { findInboxEvent, operatorSource } from "../../src/store/inbox.js";
import { listActiveSubscriptionsForKind } from "../../src/store/subscriptions.js";
import { ingestStatuses, type IngestStatus } from "../../src/webhooks/ingest-event.js";
import type { Playground } from "../start-playground.js";

export interface DeliveryOutcome {
  /** The bot's word for the event (`future` for a 425), or undefined when it refused the delivery otherwise. */
  readonly outcome: IngestStatus | undefined;
  /** Posts and edits this delivery queued in the bot's outbox. */
  readonly queued: number;
  /** One or two sentences for the panel. */
  readonly said: string;
}

/** The kind a payload names in its `event` field, as the bot reads it; `fallback` when it names none. */
export function readPayloadKind(payload: string, fallback: string): string {
  try {
    const parsed: unknown = JSON.parse(payload);
    const named =
      typeof parsed === "object" && parsed !== null ? (parsed as { event?: unknown }).event : undefined;
    return typeof named === "string" && named !== "" ? named : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Reads the bot's answer to a delivery (HTTP status and JSON body) into what the panel says. `kind` is the
 * one the payload names (readPayloadKind), which is the one the bot routes by, whatever the menu showed.
 */
export async function describeDelivery(
  playground: Playground,
  kind: string,
  answer: { readonly httpStatus: number; readonly body: unknown },
): Promise<DeliveryOutcome> {
  const body = (typeof answer.body === "object" && answer.body !== null ? answer.body : {}) as {
    status?: unknown;
    eventId?: unknown;
    error?: unknown;
  };
  const status = ingestStatuses.find((known) => known === body.status);
  const eventId = typeof body.eventId === "string" ? body.eventId : undefined;
  if (answer.httpStatus === 425 && body.error === "too_early" && eventId !== undefined) {
    return nothing(
      "future",
      `Event ${eventId} (${kind}): too early. It is dated more than a few minutes ahead of the bot's clock, so the bot stored nothing and answered 425; the platform would send it again later, and the bot takes it once its clock is within a few minutes of the event's date.`,
    );
  }
  if (answer.httpStatus !== 200 || status === undefined || eventId === undefined) {
    const why = typeof body.error === "string" ? ` (${body.error})` : "";
    return {
      outcome: undefined,
      queued: 0,
      said: `The bot refused the ${kind} event: HTTP ${answer.httpStatus}${why}. Nothing was queued.`,
    };
  }
  const db = playground.bot.deps.db;
  const of = `Event ${eventId} (${kind})`;
  if (status === "duplicate")
    return nothing("duplicate", `${of}: duplicate. The bot had already received it, so nothing was queued.`);
  if (status === "stale") {
    return nothing(
      "stale",
      `${of}: stale. It is older than the bot's inbox remembers, so it was dropped and nothing was queued.`,
    );
  }
  const stored = await findInboxEvent(db, { source: operatorSource, eventId });
  if (status === "ignored") {
    const storedKind = stored?.kind ?? kind;
    return nothing(
      "ignored",
      `${of}: ignored. The bot does not know the kind "${storedKind}"; it stored the event and queued nothing.`,
    );
  }
  if (status === "dead") {
    const why = stored?.error ?? "unreadable";
    return nothing("dead", `${of}: dead. The bot could not read it (${why}), so nothing was queued.`);
  }
  // Every source's rows: a channel the server's own webhook already queued this event for is not queued again
  // (the outbox is unique per event, channel and action), and the panel says so rather than "no channel".
  const allRows = await db
    .selectFrom("outbox")
    .select(["channel_id", "action", "source"])
    .where("event_id", "=", eventId)
    .execute();
  const rows = allRows.filter((row) => row.source === operatorSource);
  const earlier = allRows.length - rows.length;
  const alsoEarlier =
    earlier === 0
      ? ""
      : ` ${count(earlier, "post or edit", "posts or edits")} the server's own webhook had already queued.`;
  if (rows.length > 0) {
    const posts = rows.filter((row) => row.action === "post").length;
    const edits = rows.length - posts;
    const parts = [count(posts, "post"), count(edits, "edit")].filter((part) => part !== "");
    const channels = [...new Set(rows.map((row) => channelName(playground, row.channel_id)))];
    return {
      outcome: "accepted",
      queued: rows.length,
      said: `${of}: accepted. ${parts.join(" and ")} queued, in ${channels.join(", ")}.${alsoEarlier}`,
    };
  }
  if (earlier > 0) {
    return nothing("accepted", `${of}: accepted; nothing new was queued:${alsoEarlier}`);
  }
  const canonical = canonicalEventKind(stored?.kind ?? kind);
  const subscribed =
    canonical === undefined
      ? []
      : await listActiveSubscriptionsForKind(db, { kind: canonical, guildId: playground.guildId });
  const target = canonical ?? kind;
  const channels = new Set(subscribed.map((subscription) => subscription.channelId)).size;
  // docs/architecture.md, "Routing": filters apply, and a rating change goes only where its member is linked.
  return nothing(
    "accepted",
    channels === 0
      ? `${of}: accepted, but no channel subscribed to ${target}, so nothing was queued.`
      : `${of}: accepted, but routing sent it to none of the ${count(channels, "channel")} subscribed to ${target} (their filters, or a rating change of a member not linked here), so nothing was queued.`,
  );
}

function nothing(outcome: IngestStatus, said: string): DeliveryOutcome {
  return { outcome, queued: 0, said };
}

function count(n: number, noun: string, nouns = `${noun}s`): string {
  if (n === 0) return "";
  return `${n} ${n === 1 ? noun : nouns}`;
}

function channelName(playground: Playground, channelId: string): string {
  const name = [...playground.channels].find(([, id]) => id === channelId)?.[0];
  return name === undefined ? `channel ${channelId}` : `#${name}`;
}
