// The OAuth callback whose database cannot take the tokens it just got (docs/architecture.md, "Linking":
// tokens the bot cannot keep are revoked). The claim on the code went in, then another connection holds the
// file's write lock past the 5 s busy timeout while the code is exchanged, so the pending row's save fails,
// and so would queueing the revocation (a write too): the tokens are sent for revocation once, directly,
// rather than left valid at the platform with nobody holding them. The fault is real: a second connection's
// lock.
import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { exchangeAtCallback } from "../../src/linking/exchange-at-callback.js";
import { startOAuthLink } from "../../src/linking/oauth-link.js";
import { waitUntil } from "../e2e/support/wait-until.js";
import { sqliteFile } from "../store/databases.js";
import { openSignInLink } from "./open-sign-in-link.js";
import { useLinkingFixtures } from "./support/use-linking-fixtures.js";
import { redirectUri, revokedTokens } from "./support/oauth-link-flow.js";

describe("the OAuth callback while the database cannot take its tokens", () => {
  const world = useLinkingFixtures(sqliteFile);

  it("revokes the tokens it could not keep, and fails the callback", async () => {
    const member = { guildId: "100000000000000001", userId: "200000000000000002" };
    const requester = { ...member, memberName: "Alice", memberUsername: "alice", guildName: undefined };
    const { url } = await startOAuthLink(world.deps, requester, undefined);
    const opened = await openSignInLink(world.deps, url);
    world.oauthServer.issueCode("code-fault", opened.codeChallenge, redirectUri);

    const releaseToken = world.oauthServer.holdAnswers();
    const callback = exchangeAtCallback(world.deps, {
      state: opened.state,
      browserKey: opened.browserKey,
      code: "code-fault",
    }).then(
      () => "answered",
      (error: unknown) => error,
    );
    // The claim is stored and the code is being exchanged: now the database stops taking writes.
    await waitUntil(() => world.oauthServer.received.some((request) => request.path === "/oauth/token"), {
      timeoutMs: 10_000,
      what: "the code's exchange",
    });
    const holder = new SqliteDatabase(world.store.url.slice("file:".length));
    holder.exec("begin immediate");
    try {
      releaseToken();
      expect(await callback).toBeInstanceOf(Error);
    } finally {
      holder.exec("rollback");
      holder.close();
    }

    const [issued] = world.oauthServer.issued;
    expect(issued).toBeDefined();
    expect(revokedTokens(world.oauthServer)).toEqual([issued?.refreshToken]);
  });
});
