import type { Kysely } from "kysely";
import type { Database } from "../../store/database.js";

export interface AnnouncedBattle {
  readonly battleId: string;
  readonly createdAt: number;
  /** The creator's platform username when they are linked here. */
  readonly creatorName: string | undefined;
}

/**
 * The battles whose cards were posted in this guild, newest first, with the creator's linked name: what the
 * battle-id autocomplete offers without asking the platform (it must answer within 3 s).
 */
export async function listAnnouncedBattles(
  db: Kysely<Database>,
  guildId: string,
  limit: number,
): Promise<AnnouncedBattle[]> {
  const rows = await db
    .selectFrom("battle_cards")
    .leftJoin("member_links", (join) =>
      join
        .onRef("member_links.guild_id", "=", "battle_cards.guild_id")
        .onRef("member_links.user_id", "=", "battle_cards.created_by"),
    )
    .select([
      "battle_cards.battle_id as battleId",
      "battle_cards.created_at as createdAt",
      "member_links.platform_username as creatorName",
    ])
    .where("battle_cards.guild_id", "=", guildId)
    .orderBy("battle_cards.created_at", "desc")
    .orderBy("battle_cards.battle_id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, creatorName: row.creatorName ?? undefined }));
}
