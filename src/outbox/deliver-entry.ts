// One outbox row, start to finish: render it, send it, record the outcome (docs/architecture.md, "Posting").
import { markOutboxSentAloneWrite } from "../store/outbox-groups.js";
import { batchedWritesOf } from "../store/write-batcher.js";
import type { OutboxEntry } from "../store/outbox.js";
import { classifyFailure, describeError, type DeliveryFailure } from "./classify-failure.js";
import type { OutboxDeps } from "./outbox-deps.js";
import { describeResult, type OutboxResult } from "./outbox-result.js";
import { findOutboxSource, notifyPosted } from "./outbox-source.js";
import { type RenderedMessage } from "../display/rendered-message.js";
import { sendOutboxMessage } from "../discord/send-message.js";

export type DeliveryAttempt =
  | { readonly ok: true; readonly result: OutboxResult }
  | { readonly ok: false; readonly failure: DeliveryFailure };

/** Sends the row; a failure is returned for the caller's error policy, never thrown. */
export async function attemptDelivery(deps: OutboxDeps, entry: OutboxEntry): Promise<DeliveryAttempt> {
  if (entry.action !== "post" && entry.targetMessageId === null) {
    return { ok: false, failure: { kind: "rejected", detail: `an ${entry.action} row without a target` } };
  }
  const rendered = await renderEntry(deps, entry);
  if (!rendered.ok) return rendered;
  return deliverRendered(deps, entry, rendered.message);
}

export type RenderAttempt =
  | { readonly ok: true; readonly message: RenderedMessage | undefined }
  | { readonly ok: false; readonly failure: DeliveryFailure };

export async function renderEntry(deps: OutboxDeps, entry: OutboxEntry): Promise<RenderAttempt> {
  try {
    return { ok: true, message: await findOutboxSource(deps.sources, entry).render(entry) };
  } catch (error) {
    // Perhaps a platform call the renderer made; a renderer bug ends as a dead row after the retries.
    return { ok: false, failure: { kind: "transient", detail: `rendering failed: ${describeError(error)}` } };
  }
}

/** Sends a rendered row alone, under `nonce` (its own id unless it was recorded in a group of one). */
export async function deliverRendered(
  deps: OutboxDeps,
  entry: OutboxEntry,
  message: RenderedMessage | undefined,
  nonce: string = entry.groupId ?? entry.id,
): Promise<DeliveryAttempt> {
  let messageId: string | undefined;
  if (message !== undefined && !(await noteSentAlone(deps, entry))) {
    // Its lease ended while it was rendered and another worker took it, or it was finished or dropped
    // meanwhile.
    return {
      ok: true,
      result: describeResult(entry, "released", { reason: "no longer this worker's when it was to be sent" }),
    };
  }
  try {
    if (message !== undefined) messageId = await sendOutboxMessage(deps.rest, entry, message, nonce);
  } catch (error) {
    return { ok: false, failure: classifyFailure(error, entry.action) };
  }
  // Its source hears of the message before the row is marked delivered, so what it does then (a thread to
  // start) is never lost to a crash: the row is sent again, Discord returns the same message, and the source
  // hears of it again (docs/architecture.md, "Posting").
  if (messageId !== undefined) {
    const heard = await tellPosted(deps, [entry], messageId);
    if (!heard.ok) return heard;
  }
  // If this commit is lost, the lease runs out and the row is sent again: the nonce makes Discord return
  // this same message (an edit is simply applied twice).
  await deps.recordDelivered({
    id: entry.id,
    postedMessageId: messageId ?? null,
    now: deps.clock.now(),
  });
  if (messageId === undefined) {
    return {
      ok: true,
      result: describeResult(entry, "skipped", { reason: "the renderer had nothing to post" }),
    };
  }
  return { ok: true, result: describeResult(entry, "delivered", { messageId }) };
}

/** notifyPosted, its failure a transient one: the row goes again under its nonce and the sources hear again. */
export async function tellPosted(
  deps: OutboxDeps,
  entries: readonly OutboxEntry[],
  messageId: string,
): Promise<{ readonly ok: true } | { readonly ok: false; readonly failure: DeliveryFailure }> {
  try {
    await notifyPosted(deps.sources, entries, messageId);
    return { ok: true };
  } catch (error) {
    return { ok: false, failure: { kind: "transient", detail: `after posting: ${describeError(error)}` } };
  }
}

function makesMessage(entry: OutboxEntry): boolean {
  return entry.action === "post" || entry.action === "thread-post";
}

/**
 * A post that goes out alone and ungrouped does so under its own id from its first attempt on: should the
 * answer be lost, the row goes alone again under that nonce, never in a message of rows queued since under
 * another (docs/architecture.md, "Posting"). False when the row is no longer this worker's to send: another
 * worker took it over once its lease ended while it was rendered (and may send it in a group under another
 * nonce), or it was finished or dropped meanwhile (the bot removed from its server).
 * An edit makes no new message; a group of one, or a row noted already, keeps its nonce whoever sends it.
 */
async function noteSentAlone(deps: OutboxDeps, entry: OutboxEntry): Promise<boolean> {
  if (!makesMessage(entry) || entry.groupId !== null || entry.sentAloneAt !== undefined) return true;
  // A write of the store's batcher: the lanes posting alone at once share its commit.
  return batchedWritesOf(deps.db)(markOutboxSentAloneWrite, {
    id: entry.id,
    owner: deps.owner,
    now: deps.clock.now(),
    leaseMs: deps.leaseMs,
  });
}
