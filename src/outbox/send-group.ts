// Sends the message(s) of a group already recorded on its rows (docs/architecture.md, "Posting"), each under
// a nonce named after the group, and marks the rows delivered. Sent again after a crash, the same nonces make
// Discord return the messages it already made instead of posting them twice.
import { sendOutboxMessage } from "../discord/send-message.js";
import { regroupOutboxRows, renewOutboxGroupLease } from "../store/outbox-groups.js";
import type { OutboxEntry } from "../store/outbox.js";
import { releaseEntry } from "./apply-failure.js";
import { classifyFailure, type DeliveryFailure } from "./classify-failure.js";
import { maxMessagesPerGroup, nameMessageNonce, nameOutboxGroup } from "./group-nonce.js";
import type { OutboxDeps } from "./outbox-deps.js";
import { describeResult, type OutboxResult, type SummaryPart } from "./outbox-result.js";
import { tellPosted } from "./deliver-entry.js";
import type { TurnOutcome } from "./turn-outcome.js";

interface Group {
  readonly groupId: string;
  /** When its rows were last leased (recorded or taken as a group), on this worker's clock. */
  readonly leasedAt: number;
  /** The rows recorded in the group, oldest first. */
  readonly entries: readonly OutboxEntry[];
  /** The messages in order, each with the rows it carries; a row no part names goes with the first. */
  readonly parts: readonly SummaryPart[];
}

/**
 * The group's rows are leased for `deps.leaseMs` from `group.leasedAt`. Each part waits its turn under the
 * channel's rate limit, so a summary of many parts can outlast the lease: once half of it has passed, the lease
 * is taken again before the next part. Should a row be another worker's by then (its lease ran out while a
 * part waited), or no longer in the group, this worker stops sending: it hands back the rows it holds and the
 * group is sent whole by whoever holds all of it next, every part under the same nonces (Discord keeps those
 * already made).
 */
export async function sendGroup(deps: OutboxDeps, group: Group): Promise<TurnOutcome> {
  const [first] = group.entries;
  if (first === undefined) return { ok: true, results: [] };
  if (group.parts.length > maxMessagesPerGroup) return sendWithOverflow(deps, group);
  const messageIds: string[] = [];
  let { leasedAt } = group;
  for (const [part, { message }] of group.parts.entries()) {
    if (deps.clock.now() - leasedAt >= deps.leaseMs / 2) {
      leasedAt = deps.clock.now();
      const renewed = await renewGroupLease(deps, group, leasedAt);
      if (renewed.length < group.entries.length) return handBack(deps, renewed, part);
    }
    try {
      messageIds.push(
        await sendOutboxMessage(deps.rest, first, message, nameMessageNonce(group.groupId, part)),
      );
    } catch (error) {
      return failPart(deps, group, classifyFailure(error, first.action), messageIds);
    }
  }
  return markPosted(deps, group.entries, messageIds[0]);
}

/**
 * More parts than a group's nonces name (a summary of very long lines): the rows of the parts past the last
 * are moved to a group of their own before anything is sent (a resend of this group after a crash never takes
 * them), this group goes out with the rest, and then those rows are handed back, due at once, to be
 * summarised in the channel's next turn. Never marked delivered unposted.
 */
async function sendWithOverflow(deps: OutboxDeps, group: Group): Promise<TurnOutcome> {
  const parts = group.parts.slice(0, maxMessagesPerGroup);
  const kept = new Set(parts.flatMap((part) => part.rowIds));
  const later = new Set(
    group.parts
      .slice(maxMessagesPerGroup)
      .flatMap((part) => part.rowIds)
      .filter((id) => !kept.has(id)),
  );
  const ids = group.entries.filter((entry) => later.has(entry.id)).map((entry) => entry.id);
  const groupId = nameOutboxGroup(ids);
  await regroupOutboxRows(deps.db, { groupId, ids, owner: deps.owner });
  const sent = await sendGroup(deps, {
    groupId: group.groupId,
    leasedAt: group.leasedAt,
    entries: group.entries.filter((entry) => !later.has(entry.id)),
    parts,
  });
  const handedBack = await Promise.all(
    group.entries
      .filter((entry) => later.has(entry.id))
      .map((entry) => releaseEntry(deps, { ...entry, groupId }, "the summary's next messages", 0)),
  );
  return sent.ok
    ? { ok: true, results: [...sent.results, ...handedBack] }
    : { ...sent, settled: [...(sent.settled ?? []), ...handedBack] };
}

/**
 * A part failed. Before any part was made, or when a resend may yet make it (a 5xx, a 429, a refused token),
 * the failure is the whole group's: resent, every part goes under its nonce again and Discord keeps those it
 * has. A part Discord refused is refused again when resent, so the rows of the parts it made are delivered
 * and the failure is theirs alone whose part it did not make (that one and the ones after it): the policy
 * (apply-failure.ts) decides for them as for any group, under a group of their own, so that sent again they
 * never take the nonces of the parts already in the channel.
 */
async function failPart(
  deps: OutboxDeps,
  group: Group,
  failure: DeliveryFailure,
  messageIds: readonly string[],
): Promise<TurnOutcome> {
  const made = messageIds.length;
  if (made === 0 || isRetried(failure.kind)) return { ok: false, failure, entries: group.entries };
  const named = new Set(group.parts.flatMap((part) => part.rowIds));
  const posted = new Set(group.parts.slice(0, made).flatMap((part) => part.rowIds));
  const isPosted = (entry: OutboxEntry) => posted.has(entry.id) || !named.has(entry.id);
  const ids = group.entries.filter((entry) => !isPosted(entry)).map((entry) => entry.id);
  const groupId = nameOutboxGroup(ids);
  const unsent = group.entries.filter((entry) => !isPosted(entry)).map((entry) => ({ ...entry, groupId }));
  // Moved before the others are marked: a crash between the two never sends these under the old nonces.
  await regroupOutboxRows(deps.db, { groupId, ids, owner: deps.owner });
  deps.logger.warn(
    { groupId: group.groupId, channelId: unsent[0]?.channelId, outboxIds: ids, reason: failure.detail },
    `part ${String(made + 1)} of ${String(group.parts.length)} of a summary was refused: the rows of the parts Discord made are delivered, the others fail`,
  );
  const settled = await markPosted(deps, group.entries.filter(isPosted), messageIds[0]);
  if (!settled.ok) return { ...settled, entries: group.entries };
  return { ok: false, failure, entries: unsent, settled: settled.results };
}

/** Leases the group's rows again; the ones still this worker's, as the renewal found them. */
async function renewGroupLease(deps: OutboxDeps, group: Group, now: number): Promise<OutboxEntry[]> {
  const renewed = new Set(
    await renewOutboxGroupLease(deps.db, {
      groupId: group.groupId,
      ids: group.entries.map((entry) => entry.id),
      owner: deps.owner,
      now,
      leaseMs: deps.leaseMs,
    }),
  );
  return group.entries.filter((entry) => renewed.has(entry.id));
}

/**
 * Hands back the rows this worker still holds, due when they were (so they keep their place in the channel's
 * order), and reports only those: the others are another worker's to report.
 */
async function handBack(deps: OutboxDeps, held: readonly OutboxEntry[], part: number): Promise<TurnOutcome> {
  const reason = `part of the group was no longer this worker's before its part ${String(part + 1)}`;
  return { ok: true, results: await Promise.all(held.map((entry) => releaseEntry(deps, entry, reason))) };
}

/** The sources hear before the rows are marked delivered (deliver-entry.ts, tellPosted). */
async function markPosted(
  deps: OutboxDeps,
  entries: readonly OutboxEntry[],
  messageId: string | undefined,
): Promise<TurnOutcome> {
  if (messageId !== undefined) {
    const heard = await tellPosted(deps, entries, messageId);
    if (!heard.ok) return { ok: false, failure: heard.failure, entries };
  }
  const now = deps.clock.now();
  await Promise.all(
    entries.map((entry) => deps.recordDelivered({ id: entry.id, postedMessageId: messageId ?? null, now })),
  );
  const results: OutboxResult[] = entries.map((entry) =>
    messageId === undefined
      ? describeResult(entry, "skipped", { reason: "the renderer had nothing to post" })
      : describeResult(entry, "delivered", { messageId }),
  );
  return { ok: true, results };
}

/** Failures a resend of the same request may overcome (apply-failure.ts waits or retries them). */
function isRetried(kind: DeliveryFailure["kind"]): boolean {
  return kind === "transient" || kind === "rate-limited" || kind === "unauthorized";
}
