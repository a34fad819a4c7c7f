// Which role stands for which tier in a server (docs/architecture.md, "Tier roles"). One role per tier and
// one tier per role: mapping a role moves it from the tier it stood for.
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, TierRolesTable } from "./database.js";
import { readDialect } from "./dialect.js";

export interface TierRole {
  readonly guildId: string;
  readonly tier: string;
  readonly roleId: string;
  readonly createdByBot: boolean;
  readonly createdAt: number;
}

export async function listTierRoles(db: Kysely<Database>, guildId: string): Promise<TierRole[]> {
  const rows = await db
    .selectFrom("tier_roles")
    .selectAll()
    .where("guild_id", "=", guildId)
    .orderBy("tier")
    .execute();
  return rows.map(toTierRole);
}

/** Names the servers' tier-role maps among PostgreSQL's advisory locks (their two-key form); any fixed number would do. */
const guildTierRolesLock = 7_316_003;

/**
 * Holds the server's tier-role map until the transaction ends, on PostgreSQL: what `/setup roles map` takes
 * before it reads the map and changes it. Without it, two admins mapping one role to two tiers at once would
 * each read it free, and the second's insert would fail on the role's key once the first committed; held
 * first, the second waits, then reads the first's map and is refused as if it had come later. SQLite runs one
 * writer at a time already.
 */
export async function holdGuildTierRoles(db: Kysely<Database>, guildId: string): Promise<void> {
  if (readDialect(db) !== "postgres") return;
  await sql`select pg_advisory_xact_lock(${guildTierRolesLock}, hashtext(${guildId}))`.execute(db);
}

/**
 * Maps `tier` to `roleId` in the guild, replacing the tier's role and taking the role from another tier; true
 * when mapped. With `ifUnmapped` (the bot mapping a role it made or took over) it maps only a tier and a role
 * that are both still unmapped, so an admin's `/setup roles map` made meanwhile stands: false then. A map
 * that meets another committed between its delete and its insert (the bot making roles beside an admin, or
 * two admins) writes over it rather than fail on the tier's key.
 */
export async function mapTierRole(
  db: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly tier: string;
    readonly roleId: string;
    readonly createdByBot: boolean;
    readonly now: number;
    readonly ifUnmapped?: boolean;
  },
): Promise<boolean> {
  const row = {
    guild_id: input.guildId,
    tier: input.tier,
    role_id: input.roleId,
    created_by_bot: input.createdByBot ? 1 : 0,
    created_at: input.now,
  };
  if (input.ifUnmapped === true) {
    const inserted = await db
      .insertInto("tier_roles")
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }
  await db
    .deleteFrom("tier_roles")
    .where("guild_id", "=", input.guildId)
    .where((eb) => eb.or([eb("tier", "=", input.tier), eb("role_id", "=", input.roleId)]))
    .execute();
  await db
    .insertInto("tier_roles")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["guild_id", "tier"]).doUpdateSet({
        role_id: input.roleId,
        created_by_bot: row.created_by_bot,
      }),
    )
    .execute();
  return true;
}

/** Forgets the tier's role; true when it had one. */
export async function unmapTier(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly tier: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom("tier_roles")
    .where("guild_id", "=", input.guildId)
    .where("tier", "=", input.tier)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Forgets a role Discord says is gone (10011); returns the tier it stood for, if any. */
export async function unmapRole(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly roleId: string },
): Promise<string | undefined> {
  const row = await db
    .deleteFrom("tier_roles")
    .where("guild_id", "=", input.guildId)
    .where("role_id", "=", input.roleId)
    .returning("tier")
    .executeTakeFirst();
  return row?.tier;
}

function toTierRole(row: Selectable<TierRolesTable>): TierRole {
  return {
    guildId: row.guild_id,
    tier: row.tier,
    roleId: row.role_id,
    createdByBot: row.created_by_bot === 1,
    createdAt: row.created_at,
  };
}
