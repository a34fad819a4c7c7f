// A refresh the token endpoint refused (docs/architecture.md, "Linking", "Refresh"): only `invalid_grant` is
// the member's, and marks the link for a new sign-in; an outage or a rate limit passes; anything else is the
// bot's settings, told to the operator.
import { PlatformError } from "../api/errors.js";
import type { OAuthError } from "../oauth/errors.js";
import { markLinkReauthNeeded, type MemberKey, type MemberLink } from "../store/member-links.js";
import { platformAccessMisconfiguredError, reauthNeededError } from "./link-errors.js";
import { refreshFailureReason } from "./linking-metrics.js";
import type { LinkingDeps } from "./linking-deps.js";
import { readUsableLink } from "./usable-link.js";

/**
 * A 5xx, or RFC 6749's `temporarily_unavailable`: the endpoint's outage, which passes, not the bot's
 * settings.
 */
function isPassingOutage(error: OAuthError): boolean {
  return (error.status !== undefined && error.status >= 500) || error.code === "temporarily_unavailable";
}

/**
 * Only `invalid_grant` is the member's: their authorization is spent or revoked. An outage of the endpoint (a
 * 5xx) passes: it is told as the platform's problem, which a worker retries; so does its rate limit (429),
 * told as one. Anything else (the client id or secret refused, a broken answer) is the bot's side, so the
 * link stays active and the operator is told.
 */
export async function handleRefusedRefresh(
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
  // Another instance refreshed it while ours failed: its link, unless that is gone or marked too.
  if (!marked) return readUsableLink(deps, member);
  deps.logger.warn(
    { guildId: member.guildId, userId: member.userId, code: "invalid_grant" },
    "link needs re-authorisation",
  );
  throw reauthNeededError();
}
