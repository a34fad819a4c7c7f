// A reconcile of one server (docs/architecture.md, "Tier roles"), on /setup roles sync and in the daily pass:
// every linked member is queued again, so drift (a role removed or given by hand) is corrected, and in create
// mode tiers without a role are looked for again. /setup roles sync also resumes a paused sync.
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import { markTierRolesPending, recordRoleSyncRan, resumeRoleSync } from "../store/guild-role-settings.js";
import { queueGuildRoleSync } from "../store/guild-role-queue.js";

/** Returns how many members were queued. */
export async function queueGuildSync(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly now: number; readonly resume: boolean },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (input.resume) await resumeRoleSync(trx, input);
    await markTierRolesPending(trx, input);
    await recordRoleSyncRan(trx, input);
    return queueGuildRoleSync(trx, { guildId: input.guildId, cause: "sync", now: input.now });
  });
}
