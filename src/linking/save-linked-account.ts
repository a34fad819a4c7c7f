import type { Kysely } from "kysely";
import type { PlatformUser } from "../api/schemas/user.js";
import type { Database } from "../store/database.js";
import { queueLinkedMemberRating } from "../store/member-tier-roles.js";
import {
  readCredentialToReplace,
  saveMemberLink,
  type MemberCredential,
  type MemberLink,
  type MemberLinkInput,
  type ReplacedCredential,
} from "../store/member-links.js";
import { savePlatformUser } from "../store/platform-users.js";
import {
  queueHeldRoleConnectionOfUser,
  queueRoleConnectionOfUser,
  type HeldRoleConnectionWrite,
} from "../store/role-connection-writes.js";
import { recordTierSighting } from "../store/tiers.js";
import type { LinkingDeps } from "./linking-deps.js";
import { queueDroppedTokens } from "./revoke-dropped-tokens.js";
import { revokeQueuedTokens } from "./revoke-queued-tokens.js";

type SaveDeps = Pick<
  LinkingDeps,
  "db" | "clock" | "secretBox" | "config" | "logger" | "wakeRoleWorker" | "wakeRoleConnectionWorker"
>;

/** A link written in a transaction not yet committed, and what to do once it is (`afterLinkCommitted`). */
export interface WrittenLink {
  readonly link: MemberLink;
  /** The replaced tokens queued for revocation, to try once committed. */
  readonly revocation: string | undefined;
  readonly roleQueued: boolean;
  readonly connectionQueued: boolean;
  /** The connection's queued write, leased to the caller that asked to write it itself (`holdConnection`). */
  readonly connectionHeld?: HeldRoleConnectionWrite | undefined;
}

/**
 * Stores the link, and in the same transaction what it tells: the read model behind `/leaderboard server`
 * learns the member's rating, the tier is learned, the member's tier role is queued where the server syncs
 * them, and a member verified for Linked Roles has their connection written again from their links
 * (docs/architecture.md, "Linking", "Tier roles", "Linked Roles"). The OAuth tokens a re-link replaces are
 * queued for revocation in the same transaction and tried once it is committed.
 */
export async function saveLinkedAccount(
  deps: SaveDeps,
  input: MemberLinkInput,
  user: PlatformUser,
): Promise<MemberLink> {
  const written = await deps.db.transaction().execute((trx) => writeLinkedAccount(trx, deps, input, user));
  await afterLinkCommitted(deps, written);
  return written.link;
}

/**
 * saveLinkedAccount's writes in `trx`, for a caller that takes something out in the same transaction. With
 * `holdConnection`, the connection's write is queued leased to that owner (queueHeldRoleConnectionOfUser), for
 * a caller that writes it itself once committed.
 */
export async function writeLinkedAccount(
  trx: Kysely<Database>,
  deps: Omit<SaveDeps, "db">,
  input: MemberLinkInput,
  user: PlatformUser,
  options: { readonly holdConnection?: { readonly owner: string; readonly leaseMs: number } } = {},
): Promise<WrittenLink> {
  const now = deps.clock.now();
  const replaced = await readCredentialToReplace(trx, deps.secretBox, input);
  const dropped = chooseReplacedTokens(deps, input, replaced);
  const revocation =
    dropped === undefined
      ? undefined
      : await queueDroppedTokens(trx, deps, { ...input, tokens: dropped, cause: "relinked" });
  const link = await saveMemberLink(trx, deps.secretBox, input);
  const connection = { userId: input.userId, cause: "link", now };
  const { queued: connectionQueued, held: connectionHeld } =
    options.holdConnection === undefined
      ? { queued: await queueRoleConnectionOfUser(trx, connection), held: undefined }
      : await queueHeldRoleConnectionOfUser(trx, { ...connection, ...options.holdConnection });
  await savePlatformUser(trx, {
    platformUserId: user.id,
    username: user.username,
    rating: user.rating ?? null,
    tier: user.tier ?? null,
    now,
  });
  if (user.tier !== undefined) await recordTierSighting(trx, { tier: user.tier, rating: user.rating, now });
  // A personal link belongs to no server, so it holds no server's tier role.
  if (input.guildId === undefined)
    return { link, revocation, roleQueued: false, connectionQueued, connectionHeld };
  const roleQueued = await queueLinkedMemberRating(trx, {
    guildId: input.guildId,
    userId: input.userId,
    platformUserId: user.id,
    rating: user.rating ?? null,
    // An account without a tier holds no tier role.
    tier: user.tier ?? "",
    ratedAt: now,
    cause: "link",
    now,
  });
  return { link, revocation, roleQueued, connectionQueued, connectionHeld };
}

/** Once the link's transaction is committed: the workers it queued for are woken, replaced tokens tried. */
export async function afterLinkCommitted(deps: SaveDeps, written: WrittenLink): Promise<void> {
  if (written.roleQueued) deps.wakeRoleWorker?.();
  // A held write is its holder's to do; the worker takes it only if they stop first.
  if (written.connectionQueued && written.connectionHeld === undefined) deps.wakeRoleConnectionWorker?.();
  await revokeQueuedTokens(deps, written.revocation);
}

/**
 * The replaced tokens to revoke, if any. An API key is the member's to delete on the platform; only OAuth tokens
 * are the bot's to revoke.
 */
function chooseReplacedTokens(
  deps: Pick<LinkingDeps, "logger">,
  input: MemberLinkInput,
  replaced: ReplacedCredential | undefined,
): MemberCredential | undefined {
  if (replaced?.credentialKind !== "oauth") return undefined;
  // Linked again to the same account by sign-in: a platform may revoke every token of one grant together (RFC
  // 7009 allows it), which would end the tokens just stored, so the old ones are left to expire
  // (docs/architecture.md, "Linking").
  if (input.credentialKind === "oauth" && replaced.platformUserId === input.platformUserId) return undefined;
  if (replaced.credential === undefined) {
    deps.logger.warn(
      { guildId: input.guildId, userId: input.userId },
      "the credential a re-link replaced no longer opens, so its tokens could not be revoked",
    );
    return undefined;
  }
  // Never the tokens just stored.
  const { accessToken, refreshToken } = input.credential;
  const shared =
    replaced.credential.accessToken === accessToken ||
    (refreshToken !== undefined && replaced.credential.refreshToken === refreshToken);
  return shared ? undefined : replaced.credential;
}
