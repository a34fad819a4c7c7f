// Who is linked where, without their credentials (docs/architecture.md, "Linking"): the reads that mention,
// route and rank members. Their links, credentials included, are kept by member-links.ts.
import type { Kysely, Selectable } from "kysely";
import type { Database, MemberLinksTable } from "./database.js";
import { idsPerQuery, inSlices } from "./in-slices.js";
import { preparedRead } from "./prepared-reads.js";

export type CredentialKind = MemberLinksTable["credential_kind"];
export type LinkStatus = Selectable<MemberLinksTable>["status"];

/** A link without its credential: enough to mention, route or rank a member. */
export interface LinkedMember {
  readonly id: string;
  readonly guildId: string;
  readonly userId: string;
  readonly platformUserId: string;
  readonly platformUsername: string;
  readonly credentialKind: CredentialKind;
  readonly scopes: readonly string[];
  readonly expiresAt: number | null;
  readonly status: LinkStatus;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** This guild's linked members, for mentions and the server leaderboard; credentials stay sealed. */
export async function listGuildLinks(db: Kysely<Database>, guildId: string): Promise<LinkedMember[]> {
  const rows = await db
    .selectFrom("member_links")
    .selectAll()
    .where("guild_id", "=", guildId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toLinkedMember);
}

/** Every guild where a platform user is linked: where their rating change is announced (docs/architecture.md, "Webhooks in"). */
export async function listLinksOfPlatformUser(
  db: Kysely<Database>,
  platformUserId: string,
): Promise<LinkedMember[]> {
  const rows = await db
    .selectFrom("member_links")
    .selectAll()
    .where("platform_user_id", "=", platformUserId)
    .orderBy("guild_id")
    .orderBy("user_id")
    .execute();
  return rows.map(toLinkedMember);
}

/**
 * A Discord user's links in every server, active or needing re-authorisation, for Linked Roles' personal
 * connection (docs/architecture.md).
 */
export async function listLinksOfUser(db: Kysely<Database>, userId: string): Promise<LinkedMember[]> {
  const rows = await db
    .selectFrom("member_links")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("guild_id")
    .execute();
  return rows.map(toLinkedMember);
}

/** Whether the Discord user holds a link in any server, active or needing re-authorisation. */
export async function isLinkedAnywhere(db: Kysely<Database>, userId: string): Promise<boolean> {
  const inServer = await db
    .selectFrom("member_links")
    .select("user_id")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  if (inServer !== undefined) return true;
  const personal = await db
    .selectFrom("personal_links")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return personal !== undefined;
}

/** For each of these platform users who is linked anywhere, the guilds where they are (routing's question). */
export async function listLinkedGuildsOf(
  db: Kysely<Database>,
  platformUserIds: Iterable<string>,
): Promise<Map<string, Set<string>>> {
  const rows = await inSlices([...new Set(platformUserIds)], idsPerQuery, (some) =>
    readLinkedGuildsOf(db, { platformUserIds: some }),
  );
  const linked = new Map<string, Set<string>>();
  for (const row of rows) {
    const guilds = linked.get(row.platform_user_id) ?? new Set<string>();
    guilds.add(row.guild_id);
    linked.set(row.platform_user_id, guilds);
  }
  return linked;
}

/** Read for every event stored (src/store/member-activity.ts), so built once (prepared-reads.ts). */
const readLinkedGuildsOf = preparedRead(
  (db, { platformUserIds }: { readonly platformUserIds: readonly string[] }) =>
    db
      .selectFrom("member_links")
      .select(["platform_user_id", "guild_id"])
      .distinct()
      .where("platform_user_id", "in", platformUserIds),
);

export function toLinkedMember(row: Selectable<MemberLinksTable>): LinkedMember {
  return {
    id: row.id,
    guildId: row.guild_id,
    userId: row.user_id,
    platformUserId: row.platform_user_id,
    platformUsername: row.platform_username,
    credentialKind: row.credential_kind,
    scopes: row.scopes === null || row.scopes === "" ? [] : row.scopes.split(" "),
    expiresAt: row.expires_at,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
