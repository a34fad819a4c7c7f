import { PlatformError, PlatformUnavailableError } from "../api/errors.js";
import type { PlatformCredential } from "../api/http.js";
import { OAuthError } from "../oauth/errors.js";
import { refreshAccessToken } from "../oauth/tokens.js";
import {
  findMemberLink,
  markLinkReauthNeeded,
  type MemberKey,
  type MemberLink,
} from "../store/member-links.js";
import {
  notLinkedError,
  platformAccessMisconfiguredError,
  reauthNeededError,
  RefreshAwaitsWritesError,
} from "./link-errors.js";
import { refreshFailureReason } from "./linking-metrics.js";
import { type LinkingDeps, platformTokenEndpoint, refreshMarginMs } from "./linking-deps.js";
import { storeRefreshedCredential } from "./store-refreshed-credential.js";

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

function singleFlightKey(member: MemberKey): string {
  return `${member.guildId ?? "personal"}:${member.userId}`;
}

/**
 * The member's own platform credential for this guild, refreshed first when it is about to expire, and once more
 * when the platform answers 401 to it (docs/architecture.md, "Linking"). Unlinked members and links needing
 * re-authorisation get a user-facing error with a button.
 */
export async function getMemberSession(deps: LinkingDeps, member: MemberKey): Promise<MemberSession> {
  let link = await findMemberLink(deps.db, deps.secretBox, member);
  if (link === undefined) throw notLinkedError(member.guildId === undefined);
  if (link.status === "reauth_needed") throw reauthNeededError();
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
    const link = await deps.refreshes.runOnce(singleFlightKey(member), () =>
      refreshLink(deps, member, reason),
    );
    // Relinked to another platform account meanwhile: the request is not sent again as someone else. Nor is it
    // sent again with the token just refused (no refresh was possible: the bot's OAuth settings are gone).
    if (link.platformUserId !== refused.platformUserId) return undefined;
    if (link.credential.accessToken === refused.credential.accessToken) return undefined;
    return { token: link.credential.accessToken };
  };
}

async function refreshLink(deps: LinkingDeps, member: MemberKey, reason: RefreshReason): Promise<MemberLink> {
  // Read again inside the single flight: another caller may have refreshed while we waited.
  const link = await findMemberLink(deps.db, deps.secretBox, member);
  if (link === undefined) throw notLinkedError(member.guildId === undefined);
  if (link.status === "reauth_needed") throw reauthNeededError();
  const oauth = deps.config.platform.oauth;
  const { refreshToken } = link.credential;
  if (
    !stillNeedsRefresh(link, reason, deps.clock.now()) ||
    oauth === undefined ||
    refreshToken === undefined
  ) {
    return link;
  }
  const { expiresAt } = link.credential;
  const stillGood = reason.kind === "expiring" && expiresAt !== undefined && expiresAt > deps.clock.now();
  if (!(await mayRefreshNow(deps, stillGood))) return link;
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

/** A 5xx, or RFC 6749's `temporarily_unavailable`: the endpoint's outage, which passes, not the bot's settings. */
function isPassingOutage(error: OAuthError): boolean {
  return (error.status !== undefined && error.status >= 500) || error.code === "temporarily_unavailable";
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

/**
 * Only `invalid_grant` is the member's: their authorization is spent or revoked. An outage of the endpoint (a
 * 5xx) passes: it is told as the platform's problem, which a worker retries; so does its rate limit (429),
 * told as one. Anything else (the client id or secret refused, a broken answer) is the bot's side, so the
 * link stays active and the operator is told.
 */
async function handleRefusedRefresh(
  deps: LinkingDeps,
  member: MemberKey,
  link: MemberLink,
  error: OAuthError,
): Promise<MemberLink> {
  if (error.code === "invalid_grant") return markReauthNeeded(deps, member, link);
  deps.linkingMetrics.refreshFailed(refreshFailureReason(error));
  if (error.status === 429) {
    // Too many requests (the platform's API reference, "Limits"): it passes, and says nothing of the
    // settings.
    deps.logger.warn(
      { guildId: member.guildId, userId: member.userId, code: error.code, status: error.status },
      "the token endpoint is limiting refreshes; the link is kept",
    );
    throw new PlatformError({
      status: 429,
      code: "RATE_LIMITED",
      message: "the token endpoint is limiting refreshes",
      retryAfter: error.retryAfter,
    });
  }
  if (isPassingOutage(error)) {
    // The endpoint failed on its side: the member is told the platform had a problem, and a worker retries.
    deps.logger.warn(
      { guildId: member.guildId, userId: member.userId, code: error.code, status: error.status },
      "the token endpoint failed a refresh on its side; the link is kept",
    );
    throw new PlatformError({
      status: error.status !== undefined && error.status >= 500 ? error.status : 503,
      code: "TOKEN_ENDPOINT_UNAVAILABLE",
      message: "the token endpoint failed a refresh on its side",
    });
  }
  deps.logger.error(
    { guildId: member.guildId, userId: member.userId, code: error.code, status: error.status },
    "the token endpoint refused a refresh for the bot's own reasons: check PLATFORM_CLIENT_ID, PLATFORM_CLIENT_SECRET and PLATFORM_TOKEN_URL",
  );
  throw platformAccessMisconfiguredError();
}

/** The member must link again, unless another instance stored a fresh credential meanwhile. */
async function markReauthNeeded(
  deps: LinkingDeps,
  member: MemberKey,
  failed: MemberLink,
): Promise<MemberLink> {
  // Marked only if the credential that failed is still stored: another bot instance may have spent this
  // refresh token a moment ago and stored a new one, which is then used instead.
  const marked = await markLinkReauthNeeded(deps.db, {
    ...member,
    credentialVersion: failed.credentialVersion,
    now: deps.clock.now(),
  });
  if (!marked) return readFresherLink(deps, member);
  deps.logger.warn(
    { guildId: member.guildId, userId: member.userId, code: "invalid_grant" },
    "link needs re-authorisation",
  );
  throw reauthNeededError();
}

/** The link another instance refreshed while ours failed; if it is gone or marked, the member is told. */
async function readFresherLink(deps: LinkingDeps, member: MemberKey): Promise<MemberLink> {
  const latest = await findMemberLink(deps.db, deps.secretBox, member);
  if (latest === undefined) throw notLinkedError(member.guildId === undefined);
  if (latest.status === "reauth_needed") throw reauthNeededError();
  return latest;
}
