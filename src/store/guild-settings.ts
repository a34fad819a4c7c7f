// Per-guild settings; small for now (where admins are told about paused subscriptions,
// docs/architecture.md, "Webhooks in").
import type { Kysely, Selectable } from "kysely";
import type { Database, GuildSettingsTable } from "./database.js";

export interface GuildSettings {
  readonly guildId: string;
  readonly adminChannelId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export async function findGuildSettings(
  db: Kysely<Database>,
  guildId: string,
): Promise<GuildSettings | undefined> {
  const row = await db
    .selectFrom("guild_settings")
    .selectAll()
    .where("guild_id", "=", guildId)
    .executeTakeFirst();
  return row === undefined ? undefined : toGuildSettings(row);
}

/** Creates the guild's settings or changes its admin channel (null clears it). */
export async function saveAdminChannel(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly adminChannelId: string | null; readonly now: number },
): Promise<GuildSettings> {
  const changes = { admin_channel_id: input.adminChannelId, updated_at: input.now };
  const row = await db
    .insertInto("guild_settings")
    .values({ guild_id: input.guildId, created_at: input.now, ...changes })
    .onConflict((conflict) => conflict.column("guild_id").doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toGuildSettings(row);
}

function toGuildSettings(row: Selectable<GuildSettingsTable>): GuildSettings {
  return {
    guildId: row.guild_id,
    adminChannelId: row.admin_channel_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
