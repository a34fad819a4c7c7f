// The rows of one channel that share a summary key (a contest's, say) as one summary (docs/architecture.md,
// "Posting"): the rows wait out a short window when they are queued, then the first one due gathers every
// row of its key waiting for the channel, records them as one group and posts the summary its source renders,
// split across messages only when Discord's limits demand it.
import { listSummaryRows, recordOutboxGroup } from "../store/outbox-groups.js";
import type { OutboxEntry } from "../store/outbox.js";
import { describeError } from "./classify-failure.js";
import { nameOutboxGroup } from "./group-nonce.js";
import type { OutboxDeps } from "./outbox-deps.js";
import { findOutboxSource } from "./outbox-source.js";
import { sendGroup } from "./send-group.js";
import { deliverAlone, type TurnOutcome } from "./turn-outcome.js";

/** Rows one summary carries at most; the rest make the next one. */
export const maxSummaryRows = 500;

export async function deliverSummary(deps: OutboxDeps, head: OutboxEntry): Promise<TurnOutcome> {
  const summaryKey = head.summaryKey ?? "";
  const now = deps.clock.now();
  const listed = await listSummaryRows(deps.db, {
    channelId: head.channelId,
    summaryKey,
    action: head.action === "thread-post" ? "thread-post" : "post",
    targetMessageId: head.targetMessageId,
    owner: deps.owner,
    now,
    limit: maxSummaryRows,
  });
  const ids = listed.includes(head.id) ? listed : [head.id, ...listed.slice(0, maxSummaryRows - 1)];
  // A row alone with its key is posted as itself.
  if (ids.length === 1) return deliverAlone(deps, head);
  const groupId = nameOutboxGroup(ids);
  const entries = await recordOutboxGroup(deps.db, {
    groupId,
    ids,
    owner: deps.owner,
    now,
    leaseMs: deps.leaseMs,
  });
  return sendSummary(deps, groupId, entries, now);
}

/** Renders and sends the summary of a recorded group, whose rows were leased at `leasedAt`. */
export async function sendSummary(
  deps: OutboxDeps,
  groupId: string,
  entries: readonly OutboxEntry[],
  leasedAt: number,
): Promise<TurnOutcome> {
  const [first] = entries;
  const renderSummary = first === undefined ? undefined : findOutboxSource(deps.sources, first).renderSummary;
  if (renderSummary === undefined) return { ok: true, results: [] };
  let parts;
  try {
    parts = await renderSummary(entries);
  } catch (error) {
    const detail = `rendering the summary failed: ${describeError(error)}`;
    return { ok: false, failure: { kind: "transient", detail }, entries };
  }
  return sendGroup(deps, { groupId, leasedAt, entries, parts });
}
