import type { Kysely } from "kysely";
import type { Actor } from "../../discord/interaction-handlers.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import type { Database } from "../../store/database.js";
import { listGuildLinks } from "../../store/linked-members.js";
import { findPlatformUser } from "../../store/platform-users.js";

/** Another member's platform account as the bot's read model knows it. */
export interface KnownMember {
  /** The Discord user. */
  readonly userId: string;
  readonly platformUsername: string;
  readonly rating: number | null;
  readonly tier: string | null;
  /** When the read model last saw this user's rating; undefined when it never did. */
  readonly seenAt: number | undefined;
}

/**
 * Another member's account is shown only where they linked it, in a server: a personal link is private to its
 * owner, so outside a server `member:` is refused (docs/architecture.md, "Outside a server").
 */
export function requireOtherMembersServer(actor: Actor): string {
  if (actor.guildId !== undefined) return actor.guildId;
  throw new UserFacingError(
    "other_member_outside_server",
    "Another member's account can only be looked up in a server where they linked it. Outside a server you see your own.",
  );
}

/**
 * Looks another member up in this guild's links and the read model only: their credential stays sealed and
 * unused (docs/architecture.md, "Commands", "The member's own credential"). A member without a link gets a
 * user-facing error.
 */
export async function findKnownMember(
  db: Kysely<Database>,
  member: { readonly guildId: string; readonly userId: string },
): Promise<KnownMember> {
  const links = await listGuildLinks(db, member.guildId);
  const link = links.find((candidate) => candidate.userId === member.userId);
  if (link === undefined) {
    throw new UserFacingError(
      "member_not_linked",
      `<@${member.userId}> hasn't linked a platform account in this server.`,
    );
  }
  const user = await findPlatformUser(db, link.platformUserId);
  return {
    userId: member.userId,
    platformUsername: user?.username ?? link.platformUsername,
    rating: user?.rating ?? null,
    tier: user?.tier ?? null,
    seenAt: user?.updatedAt,
  };
}
