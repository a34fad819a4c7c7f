// Everything the store keeps about one guild, counted table by table: what the purge of a server that removed
// the bot must bring to nothing (docs/architecture.md, "When the bot leaves a server").
import type { Kysely } from "kysely";
import type { Database } from "../../../src/store/database.js";

/** Every table with a guild_id column; the purge test checks this list against the schema itself. */
export const guildIdTables = [
  "battle_cards",
  "battle_thread_pauses",
  "digest_weeks",
  "guild_removals",
  "guild_role_settings",
  "guild_settings",
  "leaderboard_refreshes",
  "member_activity",
  "member_links",
  "member_teams",
  "member_tier_roles",
  "message_threads",
  "oauth_states",
  "outbox",
  "reminder_role_grants",
  "reminder_settings",
  "subscriptions",
  "tier_roles",
  "token_revocations",
  "tournament_event_settings",
  "tournament_events",
  "tournament_reminders",
  "webhook_change_leases",
  "webhook_endpoints",
] as const satisfies readonly (keyof Database)[];

/** Rows per table, with those tied to the guild through its webhook endpoints. */
export type GuildRowCounts = Record<
  (typeof guildIdTables)[number] | "webhook_retired_secrets" | "inbox_events",
  number
>;

/**
 * Counts the guild's rows. `endpointIds` names the endpoints whose retired secrets and received events
 * count: pass the ones read before a purge, since the purge deletes the endpoints themselves.
 */
export async function countGuildRows(
  db: Kysely<Database>,
  guildId: string,
  endpointIds?: readonly string[],
): Promise<GuildRowCounts> {
  const counts: Partial<GuildRowCounts> = {};
  for (const table of guildIdTables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("guild_id", "=", guildId)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  const endpoints = [...(endpointIds ?? (await listEndpointIds(db, guildId)))];
  counts.webhook_retired_secrets = 0;
  counts.inbox_events = 0;
  if (endpoints.length > 0) {
    const retired = await db
      .selectFrom("webhook_retired_secrets")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("endpoint_id", "in", endpoints)
      .executeTakeFirstOrThrow();
    const received = await db
      .selectFrom("inbox_events")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("source", "in", endpoints)
      .executeTakeFirstOrThrow();
    counts.webhook_retired_secrets = Number(retired.count);
    counts.inbox_events = Number(received.count);
  }
  return counts as GuildRowCounts;
}

export async function listEndpointIds(db: Kysely<Database>, guildId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("webhook_endpoints")
    .select("id")
    .where("guild_id", "=", guildId)
    .execute();
  return rows.map((row) => row.id);
}
