// Tier roles (src/store/database.ts documents every column; docs/architecture.md, "Tier roles"): the tiers
// learned from what the platform shows, each server's role settings and tier → role mappings, and per linked
// member the role their rating calls for. That last table is also the queue the role worker takes rows from
// under a lease: a row is the state a member should be in, so a row done twice changes nothing twice.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tiers")
    .addColumn("tier", "text", (col) => col.primaryKey())
    .addColumn("lowest_rating", "integer")
    .addColumn("highest_rating", "integer")
    .addColumn("first_seen_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("guild_role_settings")
    .addColumn("guild_id", "text", (col) => col.primaryKey())
    .addColumn("mode", "text", (col) => col.notNull())
    .addColumn("paused_reason", "text")
    .addColumn("last_sync_at", "bigint")
    .addColumn("last_problem", "text")
    .addColumn("last_problem_at", "bigint")
    .addColumn("tiers_pending", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", "bigint")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("tier_roles")
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("tier", "text", (col) => col.notNull())
    .addColumn("role_id", "text", (col) => col.notNull())
    .addColumn("created_by_bot", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("tier_roles_pk", ["guild_id", "tier"])
    // A member holds one tier role at a time, so one role stands for one tier.
    .addUniqueConstraint("tier_roles_role_unique", ["guild_id", "role_id"])
    .execute();

  await db.schema
    .createTable("member_tier_roles")
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("platform_user_id", "text")
    .addColumn("rating", "integer")
    .addColumn("tier", "text")
    .addColumn("rated_at", "bigint")
    .addColumn("tier_lookup", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("cause", "text", (col) => col.notNull())
    .addColumn("pending", "integer", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (col) => col.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", "bigint")
    .addColumn("last_error", "text")
    .addColumn("synced_at", "bigint")
    .addColumn("synced_tier", "text")
    .addColumn("roles_added", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("roles_removed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("member_tier_roles_pk", ["guild_id", "user_id"])
    .execute();
  // The worker's claim: pending rows whose next attempt is due.
  await db.schema
    .createIndex("member_tier_roles_due_index")
    .on("member_tier_roles")
    .columns(["pending", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["member_tier_roles", "tier_roles", "guild_role_settings", "tiers"]) {
    await db.schema.dropTable(table).execute();
  }
}
