// A local read model of platform users, refreshed from events and API answers, so /leaderboard server needs
// no platform call and never uses another member's credentials (docs/architecture.md, "Commands").
import type { Kysely, Selectable } from "kysely";
import type { Database, PlatformUsersTable } from "./database.js";
import { storedRating } from "./stored-rating.js";

export interface PlatformUser {
  readonly platformUserId: string;
  readonly username: string;
  readonly rating: number | null;
  readonly tier: string | null;
  readonly updatedAt: number;
}

export interface ServerLeaderboardRow extends PlatformUser {
  /** The Discord member linked to this platform user in the guild. */
  readonly userId: string;
}

/**
 * Records what is known of a user. A field left undefined keeps its stored value, so an event that only
 * carries a username does not erase a rating. `updated_at` is when the rating and tier were last seen: a save
 * of the username alone (a `/profile edit`) leaves it, or an old rating would read as just seen and a rating
 * event created before the save would be refused as older (saveRatingFromEvent). `usernameAsLinked` marks a
 * username that is the one saved when the member linked (what /rank has to hand, the platform's answer naming
 * nobody): it names a user the read model lacks, never renames one it has.
 */
export async function savePlatformUser(
  db: Kysely<Database>,
  input: {
    readonly platformUserId: string;
    readonly username: string;
    readonly usernameAsLinked?: boolean;
    readonly rating?: number | null;
    readonly tier?: string | null;
    readonly now: number;
  },
): Promise<PlatformUser> {
  const rated = input.rating !== undefined || input.tier !== undefined;
  const changes = {
    ...(input.usernameAsLinked === true ? {} : { username: input.username }),
    ...(rated ? { updated_at: input.now } : {}),
    ...(input.rating === undefined ? {} : { rating: storedRating(input.rating) }),
    ...(input.tier === undefined ? {} : { tier: input.tier }),
  };
  const row = await db
    .insertInto("platform_users")
    .values({
      platform_user_id: input.platformUserId,
      username: input.username,
      rating: null,
      tier: null,
      updated_at: input.now,
      ...changes,
    })
    .onConflict((conflict) =>
      // Nothing but the username to keep (a username as linked, no rating): the row is written back as it is.
      conflict
        .column("platform_user_id")
        .doUpdateSet(
          Object.keys(changes).length === 0
            ? { username: (eb) => eb.ref("platform_users.username") }
            : changes,
        ),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPlatformUser(row);
}

export async function findPlatformUser(
  db: Kysely<Database>,
  platformUserId: string,
): Promise<PlatformUser | undefined> {
  const row = await db
    .selectFrom("platform_users")
    .selectAll()
    .where("platform_user_id", "=", platformUserId)
    .executeTakeFirst();
  return row === undefined ? undefined : toPlatformUser(row);
}

/** This guild's linked members with a known rating, best first (ties by username). */
export async function listServerLeaderboard(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly limit: number; readonly offset?: number },
): Promise<ServerLeaderboardRow[]> {
  const rows = await db
    .selectFrom("member_links")
    .innerJoin("platform_users", "platform_users.platform_user_id", "member_links.platform_user_id")
    .selectAll("platform_users")
    .select("member_links.user_id")
    .where("member_links.guild_id", "=", input.guildId)
    .where("platform_users.rating", "is not", null)
    .orderBy("platform_users.rating", "desc")
    .orderBy("platform_users.username")
    .orderBy("member_links.user_id")
    .limit(input.limit)
    .offset(input.offset ?? 0)
    .execute();
  return rows.map((row) => ({ ...toPlatformUser(row), userId: row.user_id }));
}

function toPlatformUser(row: Selectable<PlatformUsersTable>): PlatformUser {
  return {
    platformUserId: row.platform_user_id,
    username: row.username,
    rating: row.rating,
    tier: row.tier,
    updatedAt: row.updated_at,
  };
}

/**
 * A rating the platform's own event announced (docs/architecture.md, "Tier roles"): updates a user the read
 * model already has, unless what it holds was written after the event was created (events arrive out of
 * order). Returns whether it changed anything.
 */
export async function saveRatingFromEvent(
  db: Kysely<Database>,
  input: {
    readonly platformUserId: string;
    readonly rating: number | undefined;
    readonly tier: string | undefined;
    readonly createdAt: number;
  },
): Promise<boolean> {
  if (input.rating === undefined && input.tier === undefined) return false;
  const result = await db
    .updateTable("platform_users")
    .set({
      updated_at: input.createdAt,
      ...(input.rating === undefined ? {} : { rating: storedRating(input.rating) }),
      ...(input.tier === undefined ? {} : { tier: input.tier }),
    })
    .where("platform_user_id", "=", input.platformUserId)
    .where("updated_at", "<=", input.createdAt)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
