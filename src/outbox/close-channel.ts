// A channel Discord says is gone (404 Unknown Channel) or closed to the bot (403 Missing Access or
// Permissions) (docs/architecture.md, "Posting"): the rows that failed are dead, and so are the channel's
// other pending rows, since each retry would be another invalid request, which Discord counts towards a ban.
// Every source then says what that means to it, and what the server's admins should hear.
import { markChannelOutboxDead, markOutboxDead } from "../store/outbox-lease.js";
import type { OutboxEntry } from "../store/outbox.js";
import type { ChannelFailure } from "./classify-failure.js";
import type { OutboxDeps } from "./outbox-deps.js";
import { describeResult, type OutboxResult } from "./outbox-result.js";
import { collectNotices, tellFirstNotice } from "./react-to-failure.js";

export async function closeChannel(
  deps: OutboxDeps,
  entries: readonly OutboxEntry[],
  failure: ChannelFailure,
): Promise<OutboxResult[]> {
  const reason = failure.detail;
  const [first] = entries;
  // The rows' record and the channel's closing commit together, as a row's failure and its reaction do
  // (apply-failure.ts).
  const { results, closed } = await deps.db.transaction().execute(async (trx) => {
    const results: OutboxResult[] = [];
    let anyMarked = false;
    for (const entry of entries) {
      const marked = await markOutboxDead(trx, { id: entry.id, owner: deps.owner, error: reason });
      anyMarked ||= marked;
      results.push(marked ? describeResult(entry, "dead", { reason }) : leftAlone(entry, reason));
    }
    if (first === undefined || !anyMarked) return { results, closed: undefined };
    const { channelId } = first;
    const error = failure.kind === "channel-gone" ? `channel deleted: ${reason}` : `no access: ${reason}`;
    const failed = { guildId: first.guildId, channelId, kind: failure.kind, reason, now: deps.clock.now() };
    const closed = {
      dropped: await markChannelOutboxDead(trx, { channelId, error }),
      notices: await collectNotices(trx, deps.sources, failed, entries),
    };
    return { results, closed };
  });
  if (first === undefined || closed === undefined) return results;
  const { guildId, channelId } = first;
  const { dropped, notices } = closed;
  deps.logger.warn(
    { guildId, channelId, reason, dropped },
    failure.kind === "channel-gone"
      ? "channel is gone: its pending posts are dropped"
      : "channel closed to the bot: its pending posts are dropped",
  );
  await tellFirstNotice(deps, notices);
  return results;
}

/**
 * The row stopped being this worker's while it was sent: another worker took it over when the lease lapsed
 * (and will meet the same error), or the bot was removed from the server, which dropped the row and must
 * leave the channel as it was for when the bot comes back (docs/architecture.md, "When the bot leaves a
 * server"). Either way the channel is not this worker's to change.
 */
function leftAlone(entry: OutboxEntry, reason: string): OutboxResult {
  return describeResult(entry, "released", { reason: `${reason}; the row is no longer this worker's` });
}
