// When a list of the bot's servers (a shard's READY, or the server list read over REST) leaves out most of
// the servers set up here at once, that is far likelier a database shared with another bot, or restored from
// elsewhere, than that many removals (docs/architecture.md, "When the bot leaves a server").

/** Below this many, missing servers are taken as removals even when they are most of those set up. */
const minimumSuspectRemovals = 4;

/** True when `missing` of `setUp` servers is too many to record as removals. */
export function isSuspectRemovalCount(missing: number, setUp: number): boolean {
  return missing >= minimumSuspectRemovals && missing * 2 > setUp;
}
