// A reconcile of one server (docs/architecture.md, "Tier roles"), on /setup roles sync and in the daily pass:
// every linked member is queued again, so drift (a role removed or given by hand) is corrected, and in create
// mode tiers without a role are looked for again. /setup roles sync also resumes a paused sync.
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import { markTierRolesPending, recordRoleSyncRan, resumeRoleSync } from "../store/guild-role-settings.js";
import { queueGuildRoleSync } from "../store/guild-role-queue.js";

/**
 * Returns how many members were queued. With `lastBefore` (the daily pass), nothing is queued when another
 * instance reconciled the server since then: every instance runs the pass, and two that listed the server due
 * at once would otherwise both queue every member (the second pass overtaking the first's syncs).
 */
export async function queueGuildSync(
  db: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly now: number;
    readonly resume: boolean;
    readonly lastBefore?: number;
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // First, as the claim: on PostgreSQL a second instance's update waits for this commit, then finds the
    // server reconciled.
    if (!(await recordRoleSyncRan(trx, input)) && input.lastBefore !== undefined) return 0;
    if (input.resume) await resumeRoleSync(trx, input);
    await markTierRolesPending(trx, input);
    return queueGuildRoleSync(trx, { guildId: input.guildId, cause: "sync", now: input.now });
  });
}
