// A re-link replaces the member's credential (docs/architecture.md, "Linking"): the OAuth tokens it replaces are
// revoked at the platform once the new link is stored, best effort, and an API key is never sent there. The
// token endpoint is a real server on 127.0.0.1 that records each revocation; the store is each test database.
import { describe, expect, it } from "vitest";
import { linkWithApiKey } from "../../src/linking/api-key-link.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { clientId } from "../oauth/oauth-fixture.js";
import { testDatabases } from "../store/databases.js";
import { useLinkingFixtures } from "./support/use-linking-fixtures.js";
import { linkThroughOAuth, revokedTokens } from "./support/oauth-link-flow.js";

const serverMember = { guildId: "100000000000000001", userId: "200000000000000002" };
const personalMember = { guildId: undefined, userId: "200000000000000003" };
const apiKey = "key_write_0123456789";

describe.each(testDatabases())("a re-link on $name", (database) => {
  const fixtures = useLinkingFixtures(database);

  it.each([
    ["a server link", serverMember],
    ["a personal link", personalMember],
  ])("revokes the tokens of %s linked again through OAuth to another account", async (_name, member) => {
    const first = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);
    expect(revokedTokens(fixtures.oauthServer)).toEqual([]);

    // The second sign-in is another platform account.
    fixtures.platform.queueReplies({ body: { id: "user_bob", username: "bob", rating: 1500, tier: "gold" } });
    const second = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);

    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(revokedTokens(fixtures.oauthServer)).toEqual([first.refreshToken]);
    const revocation = fixtures.oauthServer.received.find((request) => request.path === "/oauth/revoke");
    expect(revocation?.params).toMatchObject({ token_type_hint: "refresh_token", client_id: clientId });
    const stored = await findMemberLink(fixtures.deps.db, fixtures.deps.secretBox, member);
    expect(stored?.platformUserId).toBe("user_bob");
  });

  it("leaves the old tokens of a link made again to the same account by sign-in to expire", async () => {
    // A platform may revoke every token of one grant together, the new ones too (docs/architecture.md,
    // "Linking"): revoking the old refresh token could end the link just made.
    const first = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, serverMember);

    const second = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, serverMember);

    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(revokedTokens(fixtures.oauthServer)).toEqual([]);
  });

  it("revokes the OAuth tokens of a link replaced by an API key", async () => {
    const first = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, serverMember);

    await linkWithApiKey(fixtures.deps, serverMember, apiKey);

    expect(revokedTokens(fixtures.oauthServer)).toEqual([first.refreshToken]);
    const stored = await findMemberLink(fixtures.deps.db, fixtures.deps.secretBox, serverMember);
    expect(stored).toMatchObject({ credentialKind: "api_key", credential: { accessToken: apiKey } });
  });

  it("never sends a replaced API key to the platform's revocation endpoint", async () => {
    await linkWithApiKey(fixtures.deps, serverMember, apiKey);

    await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, serverMember);

    expect(revokedTokens(fixtures.oauthServer)).toEqual([]);
  });

  it("links again when the revocation fails, and logs it without the token", async () => {
    const first = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, serverMember);
    fixtures.oauthServer.failRevocations();

    fixtures.platform.queueReplies({ body: { id: "user_bob", username: "bob", rating: 1500, tier: "gold" } });
    const second = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, serverMember);

    expect(revokedTokens(fixtures.oauthServer)).toEqual([first.refreshToken]);
    const stored = await findMemberLink(fixtures.deps.db, fixtures.deps.secretBox, serverMember);
    expect(stored?.credential.refreshToken).toBe(second.refreshToken);
    const warnings = fixtures.logLines.filter((line) => line.includes("did not confirm the revocation"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"cause":"relinked"');
    const logs = fixtures.logLines.join("\n");
    for (const secret of [first.accessToken, first.refreshToken, second.accessToken, second.refreshToken])
      expect(logs).not.toContain(secret);
  });
});
