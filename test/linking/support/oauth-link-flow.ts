// A member linked through the whole OAuth sign-in against the OAuth test server (start, open the sign-in link,
// a code issued for its challenge, the callback), and the tokens that server was asked to revoke: what the
// revocation tests share.
import { expect } from "vitest";
import type { LinkingDeps } from "../../../src/linking/linking-deps.js";
import { completeOAuthLink, startOAuthLink } from "../../../src/linking/oauth-link.js";
import { findMemberLink, type MemberKey } from "../../../src/store/member-links.js";
import type { OAuthFixture } from "../../oauth/oauth-fixture.js";
import { openSignInLink } from "../open-sign-in-link.js";

/** The callback the OAuth test server issues codes for. */
export const redirectUri = "http://127.0.0.1:3999/oauth/callback";

let codes = 0;

/** Links `member` as Alice through OAuth; the tokens the link holds once done. */
export async function linkThroughOAuth(
  deps: LinkingDeps,
  oauthServer: OAuthFixture,
  member: MemberKey,
): Promise<{ accessToken: string; refreshToken: string }> {
  const requester = { ...member, memberName: "Alice", memberUsername: "alice", guildName: undefined };
  const { url } = await startOAuthLink(deps, requester, undefined);
  const opened = await openSignInLink(deps, url);
  codes += 1;
  const code = `code-${String(codes)}`;
  oauthServer.issueCode(code, opened.codeChallenge, redirectUri);
  const result = await completeOAuthLink(deps, { state: opened.state, code, browserKey: opened.browserKey });
  expect(result.ok).toBe(true);
  const link = await findMemberLink(deps.db, deps.secretBox, member);
  return {
    accessToken: link?.credential.accessToken ?? "",
    refreshToken: link?.credential.refreshToken ?? "",
  };
}

/** The tokens sent to the OAuth test server's revocation endpoint, in order. */
export function revokedTokens(oauthServer: OAuthFixture): (string | undefined)[] {
  return oauthServer.received
    .filter((request) => request.path === "/oauth/revoke")
    .map((request) => request.params?.token);
}
