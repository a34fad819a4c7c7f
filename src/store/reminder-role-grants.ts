// The reminder roles the bot gave members through `/remind on` (docs/architecture.md, "Tournament
// reminders"): what `/remind off` may give back once the settings name another role or none. A role the
// member had from anyone else is never taken, though it was a reminder role once (an admin may have picked a
// general one).
import type { Kysely } from "kysely";
import type { Database } from "./database.js";

export interface ReminderRoleMember {
  readonly guildId: string;
  readonly userId: string;
}

/** Remembers that `/remind on` gave the member the role. */
export async function recordReminderRoleGrant(
  db: Kysely<Database>,
  input: ReminderRoleMember & { readonly roleId: string; readonly now: number },
): Promise<void> {
  await db
    .insertInto("reminder_role_grants")
    .values({ guild_id: input.guildId, user_id: input.userId, role_id: input.roleId, granted_at: input.now })
    .onConflict((conflict) =>
      conflict.columns(["guild_id", "user_id", "role_id"]).doUpdateSet({ granted_at: input.now }),
    )
    .execute();
}

/** The reminder roles `/remind on` gave the member, oldest first. */
export async function listReminderRoleGrants(
  db: Kysely<Database>,
  member: ReminderRoleMember,
): Promise<string[]> {
  const rows = await db
    .selectFrom("reminder_role_grants")
    .select("role_id")
    .where("guild_id", "=", member.guildId)
    .where("user_id", "=", member.userId)
    .orderBy("granted_at")
    .orderBy("role_id")
    .execute();
  return rows.map((row) => row.role_id);
}

/** Forgets a grant: the role was given back, or the member or Discord no longer has it. */
export async function forgetReminderRoleGrant(
  db: Kysely<Database>,
  input: ReminderRoleMember & { readonly roleId: string },
): Promise<void> {
  await db
    .deleteFrom("reminder_role_grants")
    .where("guild_id", "=", input.guildId)
    .where("user_id", "=", input.userId)
    .where("role_id", "=", input.roleId)
    .execute();
}
