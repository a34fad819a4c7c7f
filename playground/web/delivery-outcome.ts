// What became of an event the Platform panel sent: the bot's answer (accepted, duplicate, ignored, dead or
// stale; docs/architecture.md, "Webhooks in") and, for an accepted one, the posts and edits it queued, read
// from the bot's outbox by the event's id, since the answer itself carries only the status and the id.
import { canonicalEventKind } from "../../src/events/event-kinds.js";
import { findInboxEvent, operatorSource } from "../../src/store/inbox.js";
import { listActiveSubscriptionsForKind } from "../../src/store/subscriptions.js";
import type { Playground } from "../start-playground.js";

export type DeliveryStatus = "accepted" | "duplicate" | "ignored" | "dead" | "stale";

export interface DeliveryOutcome {
  /** The bot's word for the event, or undefined when it refused the delivery (not HTTP 200). */
  readonly outcome: DeliveryStatus | undefined;
  /** Posts and edits this delivery queued in the bot's outbox. */
  readonly queued: number;
  /** One or two sentences for the panel. */
  readonly said: string;
}

const statuses: readonly string[] = ["accepted", "duplicate", "ignored", "dead", "stale"];

/** Reads the bot's answer to a delivery of `kind` (HTTP status and JSON body) into what the panel says. */
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
  const status = typeof body.status === "string" && statuses.includes(body.status) ? body.status : undefined;
  const eventId = typeof body.eventId === "string" ? body.eventId : undefined;
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
  const rows = await db
    .selectFrom("outbox")
    .select(["channel_id", "action"])
    .where("source", "=", operatorSource)
    .where("event_id", "=", eventId)
    .execute();
  if (rows.length > 0) {
    const posts = rows.filter((row) => row.action === "post").length;
    const edits = rows.length - posts;
    const parts = [count(posts, "post"), count(edits, "edit")].filter((part) => part !== "");
    const channels = [...new Set(rows.map((row) => channelName(playground, row.channel_id)))];
    return {
      outcome: "accepted",
      queued: rows.length,
      said: `${of}: accepted. ${parts.join(" and ")} queued, in ${channels.join(", ")}.`,
    };
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

function nothing(outcome: DeliveryStatus, said: string): DeliveryOutcome {
  return { outcome, queued: 0, said };
}

function count(n: number, noun: string): string {
  if (n === 0) return "";
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function channelName(playground: Playground, channelId: string): string {
  const name = [...playground.channels].find(([, id]) => id === channelId)?.[0];
  return name === undefined ? `channel ${channelId}` : `#${name}`;
}
