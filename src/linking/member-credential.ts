import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { PlatformUnavailableError } from "../api/errors.js";
import type { PlatformCredential } from "../api/http.js";
import { OAuthError } from "../oauth/errors.js";
import { refreshAccessToken } from "../oauth/tokens.js";
import type { MemberKey, MemberLink } from "../store/member-links.js";
import { releaseLinkRefreshLease, takeLinkRefreshLease } from "../store/link-refresh-leases.js";
import { RefreshAwaitsWritesError } from "./link-errors.js";
import { type LinkingDeps, platformTokenEndpoint, refreshMarginMs } from "./linking-deps.js";
import { handleRefusedRefresh } from "./refused-refresh.js";
import { storeRefreshedCredential } from "./store-refreshed-credential.js";
import { readUsableLink } from "./usable-link.js";

export interface MemberSession {
  readonly link: MemberLink;
  readonly credential: PlatformCredential;
}

function canRefresh(link: MemberLink): boolean {
  return link.credentialKind === "oauth" && link.credential.refreshToken !== undefined;
}

function needsRefresh(link: MemberLink, now: number): boolean {
  const { expiresAt } = link.credential;
  return canRefresh(link) && expiresAt !== undefined && expiresAt - now < refreshMarginMs;
}

/**
 * Why a refresh is asked for: the token is about to expire, or the platform refused this access token with a 401
 * (expired without `expires_in`, or earlier than it said, or revoked alone).
 */
type RefreshReason =
  { readonly kind: "expiring" } | { readonly kind: "refused"; readonly accessToken: string };

/** Whether the link as stored now still needs the refresh asked for; false once another caller has done it. */
function stillNeedsRefresh(link: MemberLink, reason: RefreshReason, now: number): boolean {
  if (reason.kind === "expiring") return needsRefresh(link, now);
  return canRefresh(link) && link.credential.accessToken === reason.accessToken;
}

/** A token refreshed ahead of its expiry that still works meanwhile. */
function isStillGood(link: MemberLink, reason: RefreshReason, now: number): boolean {
  const { expiresAt } = link.credential;
  return reason.kind === "expiring" && expiresAt !== undefined && expiresAt > now;
}

function singleFlightKey(member: MemberKey): string {
  return `${member.guildId ?? "personal"}:${member.userId}`;
}

/**
 * The member's own platform credential for this guild, refreshed first when it is about to expire, and once more
 * when the platform answers 401 to it (docs/architecture.md, "Linking"). Unlinked members and links needing
 * re-authorisation get a user-facing error with a button.
 */
export async function getMemberSession(deps: LinkingDeps, member: MemberKey): Promise<MemberSession> {
  let link = await readUsableLink(deps, member);
  if (needsRefresh(link, deps.clock.now())) {
    link = await deps.refreshes.runOnce(singleFlightKey(member), () =>
      refreshLink(deps, member, { kind: "expiring" }),
    );
  }
  return { link, credential: { token: link.credential.accessToken, renew: renewal(deps, member, link) } };
}

/**
 * What the API client calls when the platform answers 401 to this link's access token: a refresh in the same
 * single flight as the one before use, unless another caller has already stored a newer token, which is used
 * instead. API keys and tokens without a refresh token are not renewed: the 401 stands.
 */
function renewal(deps: LinkingDeps, member: MemberKey, refused: MemberLink): PlatformCredential["renew"] {
  if (!canRefresh(refused)) return undefined;
  return async () => {
    deps.logger.info(
      { guildId: member.guildId, userId: member.userId },
      "the platform refused the member's access token; refreshing it",
    );
    const reason = { kind: "refused", accessToken: refused.credential.accessToken } as const;
    let link = await deps.refreshes.runOnce(singleFlightKey(member), () => refreshLink(deps, member, reason));
    // Joined a refresh ahead of expiry that kept the token, still good by its clock, while another instance
    // refreshes it: the platform has just refused that token, so this one waits for the new, once.
    if (link.credential.accessToken === refused.credential.accessToken) {
      link = await refreshLink(deps, member, reason);
    }
    // Relinked to another platform account meanwhile: the request is not sent again as someone else. Nor is it
    // sent again with the token just refused (no refresh was possible: the bot's OAuth settings are gone).
    if (link.platformUserId !== refused.platformUserId) return undefined;
    if (link.credential.accessToken === refused.credential.accessToken) return undefined;
    return { token: link.credential.accessToken };
  };
}

/**
 * The refresh itself, one at a time per link across instances: inside this instance's single flight, it takes
 * the link's lease (link-refresh-leases.ts) and reads the link again under it. While another instance holds
 * the lease, a token still good is used as it is; a spent one waits for the token that instance stores,
 * reading the link again every `leaseWaitMs`, and takes the lease over once it is given back or ends.
 */
async function refreshLink(deps: LinkingDeps, member: MemberKey, reason: RefreshReason): Promise<MemberLink> {
  const linkKey = singleFlightKey(member);
  const owner = randomUUID();
  // Two token requests' time, as each may wait its full time-out, and a margin for the writes around them.
  const leaseMs = 2 * deps.config.platform.timeoutMs + 5_000;
  for (let waited = false; ; waited = true) {
    const current = await readUsableLink(deps, member);
    if (!stillNeedsRefresh(current, reason, deps.clock.now())) return current;
    const stillGood = isStillGood(current, reason, deps.clock.now());
    // Before the lease, itself a write: a token still good is used as it is while the database takes none.
    // Asked once before a wait, and again once the lease is taken after one.
    if (!waited && !(await mayRefreshNow(deps, stillGood))) return current;
    if (!(await takeLinkRefreshLease(deps.db, { linkKey, owner, now: deps.clock.now(), leaseMs }))) {
      // Another instance is refreshing it: a token still good is used meanwhile, a spent one waits for the
      // new.
      if (stillGood) return current;
      if (!waited) {
        deps.logger.info(
          { guildId: member.guildId, userId: member.userId },
          "another instance is refreshing the member's token; waiting for it",
        );
      }
      await delay(leaseWaitMs);
      continue;
    }
    try {
      // A lease taken over after a wait: the database may have stopped taking writes meanwhile.
      if (waited && !(await mayRefreshNow(deps, stillGood))) return current;
      return await refreshHoldingLease(deps, member, reason);
    } finally {
      await releaseLinkRefreshLease(deps.db, { linkKey, owner }).catch((error: unknown) => {
        // It ends by itself; until then another instance waits for it.
        deps.logger.warn(
          { err: error, guildId: member.guildId, userId: member.userId },
          "could not release a refresh lease",
        );
      });
    }
  }
}

/** How often a refresh waiting for another instance's reads the link again. */
const leaseWaitMs = 100;

async function refreshHoldingLease(
  deps: LinkingDeps,
  member: MemberKey,
  reason: RefreshReason,
): Promise<MemberLink> {
  // Read again under the lease: another caller may have refreshed while we waited.
  const link = await readUsableLink(deps, member);
  const oauth = deps.config.platform.oauth;
  const { refreshToken } = link.credential;
  if (
    !stillNeedsRefresh(link, reason, deps.clock.now()) ||
    oauth === undefined ||
    refreshToken === undefined
  ) {
    return link;
  }
  try {
    const tokens = await refreshAccessToken({
      ...platformTokenEndpoint({ oauth, timeoutMs: deps.config.platform.timeoutMs }),
      clock: deps.clock,
      refreshToken,
      requestedScopes: link.scopes,
    });
    // A server that does not rotate refresh tokens returns none: keep the one we have.
    const credential = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? refreshToken,
      expiresAt: tokens.expiresAt,
      scopes: tokens.scopes.length > 0 ? tokens.scopes : link.scopes,
    };
    // Stored before it is used, so a crash cannot leave us holding only a spent refresh token; stored only
    // over the credential it replaces, so a late refresh never overwrites a re-link.
    return await storeRefreshedCredential(deps, member, link, credential);
  } catch (error) {
    if (error instanceof OAuthError) return handleRefusedRefresh(deps, member, link, error);
    if (error instanceof PlatformUnavailableError) deps.linkingMetrics.refreshFailed("unreachable");
    throw error;
  }
}

/**
 * Whether a refreshed credential could be stored now: the database's write probe commits (docs/operations.md,
 * "When SQLite cannot write"). A platform that rotates refresh tokens takes the stored one back when it answers
 * a refresh, so a refresh whose answer cannot be stored would leave the link holding a spent token, and the
 * member made to link again once writes work. Discord's tokens for Linked Roles are refreshed on the same
 * condition (role-connection-token.ts).
 */
async function canStoreRefreshed(deps: Pick<LinkingDeps, "writeHealth">): Promise<boolean> {
  if (deps.writeHealth === undefined) return true;
  await deps.writeHealth.probe();
  return deps.writeHealth.current() === undefined;
}

/**
 * Whether a token due for a refresh is refreshed now: yes while the database takes writes (canStoreRefreshed);
 * else a token `stillGood` is used as it is (false), and refreshed once writes work again, and a spent one
 * waits for them (RefreshAwaitsWritesError).
 */
export async function mayRefreshNow(
  deps: Pick<LinkingDeps, "writeHealth">,
  stillGood: boolean,
): Promise<boolean> {
  if (await canStoreRefreshed(deps)) return true;
  if (stillGood) return false;
  throw new RefreshAwaitsWritesError();
}
