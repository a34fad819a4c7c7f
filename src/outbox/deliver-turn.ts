// A channel's turn (docs/architecture.md, "Posting"): its oldest waiting row goes out, together with the
// posts queued behind it when they fit in one message. Nothing waits for company: a row alone is sent at
// once, as itself; only what is already queued is combined. A group is recorded on its rows before it is
// sent, so a resend after a crash carries the same rows under the same nonce.
import { discordLimits } from "../discord/discord-limits.js";
import { combineMessages } from "../discord/combine-messages.js";
import type { RenderedMessage } from "../display/rendered-message.js";
import { findThreadPostsDue, findThreadStartDue } from "../store/message-threads.js";
import { recordOutboxGroup, takeOutboxGroup } from "../store/outbox-groups.js";
import type { OutboxEntry } from "../store/outbox.js";
import { releaseEntry } from "./apply-failure.js";
import { deliverRendered, renderEntry } from "./deliver-entry.js";
import { deliverSummary, sendSummary } from "./deliver-summary.js";
import { nameOutboxGroup } from "./group-nonce.js";
import type { OutboxDeps } from "./outbox-deps.js";
import { describeResult } from "./outbox-result.js";
import { findOutboxSource } from "./outbox-source.js";
import { sendGroup } from "./send-group.js";
import { deliverAlone, fromAttempt, type TurnOutcome } from "./turn-outcome.js";

export type { TurnOutcome } from "./turn-outcome.js";

/** How soon a thread's row looks again for the row it waits for when that is due but not yet done. */
const threadRowPollMs = 1000;

/** `waiting`: the channel's other rows this worker holds, oldest first; some may go out with `head`. */
export async function deliverTurn(
  deps: OutboxDeps,
  head: OutboxEntry,
  waiting: readonly OutboxEntry[],
): Promise<TurnOutcome> {
  // A thread's row that must wait for others (a post for its thread's start, an archive for the start and the
  // thread's posts) is put back, with no attempt counted, until just after the last of them is due: claimed
  // in the order rows are due, it then comes after them even where they were queued in the same millisecond.
  const wait = await threadRowWait(deps, head);
  if (wait !== undefined) {
    const delayMs = Math.max(wait.dueAt + 1 - deps.clock.now(), threadRowPollMs);
    return { ok: true, results: [await releaseEntry(deps, head, wait.reason, delayMs)] };
  }
  // An edit, and a thread's rows (src/store/message-threads.ts), go alone, but for a contest's summary posted
  // in its tournament's thread.
  if (head.action !== "post" && !(head.action === "thread-post" && isSummarised(deps, head))) {
    return deliverAlone(deps, head);
  }
  if (head.groupId !== null) return resendGroup(deps, head, head.groupId);
  // Sent alone before, and its answer lost: alone again, under the same nonce, so Discord posts it once.
  if (head.sentAloneAt !== undefined) return deliverAlone(deps, head);
  if (isSummarised(deps, head)) return deliverSummary(deps, head);
  return deliverCoalesced(deps, head, waiting);
}

/** What a thread's row waits for, and when that is next due; undefined when it may go. */
async function threadRowWait(
  deps: OutboxDeps,
  entry: OutboxEntry,
): Promise<{ readonly dueAt: number; readonly reason: string } | undefined> {
  const threadId = entry.targetMessageId;
  if (threadId === null) return undefined;
  if (entry.action === "thread-post") {
    const dueAt = await findThreadStartDue(deps.db, { guildId: entry.guildId, threadId });
    return dueAt === undefined ? undefined : { dueAt, reason: "the thread's start goes first" };
  }
  if (entry.action === "archive-thread") {
    // A thread whose route keeps updates in its channel has no posts to wait for, but may still wait to
    // start.
    const startDue = await findThreadStartDue(deps.db, { guildId: entry.guildId, threadId });
    if (startDue !== undefined) return { dueAt: startDue, reason: "the thread's start goes first" };
    const dueAt = await findThreadPostsDue(deps.db, { threadId, createdAt: entry.createdAt });
    return dueAt === undefined ? undefined : { dueAt, reason: "the thread's posts go first" };
  }
  return undefined;
}

function isSummarised(deps: OutboxDeps, entry: OutboxEntry): boolean {
  return entry.summaryKey !== null && findOutboxSource(deps.sources, entry).renderSummary !== undefined;
}

interface RenderedRow {
  readonly entry: OutboxEntry;
  readonly message: RenderedMessage;
}

async function deliverCoalesced(
  deps: OutboxDeps,
  head: OutboxEntry,
  waiting: readonly OutboxEntry[],
): Promise<TurnOutcome> {
  const rendered = await renderEntry(deps, head);
  if (!rendered.ok) return { ok: false, failure: rendered.failure, entries: [head] };
  const { message } = rendered;
  if (message === undefined) return fromAttempt(head, await deliverRendered(deps, head, undefined));
  const rows = await gatherFollowers(deps, { entry: head, message }, waiting);
  if (rows.length === 1) return fromAttempt(head, await deliverRendered(deps, head, message));

  const now = deps.clock.now();
  const groupId = nameOutboxGroup(rows.map((row) => row.entry.id));
  const recorded = await recordOutboxGroup(deps.db, {
    groupId,
    ids: rows.map((row) => row.entry.id),
    owner: deps.owner,
    now,
    leaseMs: deps.leaseMs,
  });
  const messages = new Map(rows.map((row) => [row.entry.id, row.message]));
  const combined = combineMessages(recorded.flatMap((entry) => messages.get(entry.id) ?? []));
  const rowIds = recorded.map((entry) => entry.id);
  return sendGroup(deps, {
    groupId,
    leasedAt: now,
    entries: recorded,
    parts: [{ message: combined.message, rowIds }],
  });
}

/**
 * The posts queued right behind `first` that fit in one message with it, in order: the first one that cannot
 * join ends the group, so the channel's posts keep their order. A row with nothing to post is passed over. A
 * row of a summary ends the group too: it is due (only due rows are claimed), so its summary goes next,
 * before any post queued after it.
 */
async function gatherFollowers(
  deps: OutboxDeps,
  first: RenderedRow,
  waiting: readonly OutboxEntry[],
): Promise<RenderedRow[]> {
  const rows = [first];
  for (const entry of waiting) {
    if (rows.length >= discordLimits.embedsPerMessage) break;
    if (isSummarised(deps, entry)) break;
    if (entry.action !== "post" || entry.groupId !== null || entry.sentAloneAt !== undefined) break;
    const rendered = await renderEntry(deps, entry);
    if (!rendered.ok) break;
    if (rendered.message === undefined) continue;
    const candidate = [...rows, { entry, message: rendered.message }];
    if (!combineMessages(candidate.map((row) => row.message)).fits) break;
    rows.push({ entry, message: rendered.message });
  }
  return rows;
}

/**
 * A group recorded earlier (its worker died mid-send, or it failed and is due again): sent whole, under its
 * nonce, by whoever holds all of its rows. Claims give a channel to one worker at a time, but an instance of
 * a version whose claims did not (during an upgrade) may hold some: then this one hands its part back after
 * a random pause, so that one of them soon holds the whole group.
 */
async function resendGroup(deps: OutboxDeps, head: OutboxEntry, groupId: string): Promise<TurnOutcome> {
  const { owner } = deps;
  const now = deps.clock.now();
  const entries = await takeOutboxGroup(deps.db, { groupId, owner, now, leaseMs: deps.leaseMs });
  if (!entries.some((entry) => entry.id === head.id)) {
    return { ok: true, results: [describeResult(head, "released", { reason: "no longer pending" })] };
  }
  if (entries.some((entry) => entry.leaseOwner !== owner)) {
    const pauseMs = Math.floor(deps.random() * 1000);
    const mine = entries.filter((entry) => entry.leaseOwner === owner);
    const reason = "another worker holds part of its group";
    return {
      ok: true,
      results: await Promise.all(mine.map((entry) => releaseEntry(deps, entry, reason, pauseMs))),
    };
  }
  // A row whose group was broken up is its own group of one, sent as itself.
  if (entries.length === 1 && groupId === head.id) return deliverAlone(deps, head);
  if (isSummarised(deps, head)) return sendSummary(deps, groupId, entries, now);
  const messages: RenderedMessage[] = [];
  for (const entry of entries) {
    const rendered = await renderEntry(deps, entry);
    if (!rendered.ok) return { ok: false, failure: rendered.failure, entries };
    if (rendered.message !== undefined) messages.push(rendered.message);
  }
  const rowIds = entries.map((entry) => entry.id);
  const parts = messages.length === 0 ? [] : [{ message: combineMessages(messages).message, rowIds }];
  return sendGroup(deps, { groupId, leasedAt: now, entries, parts });
}
