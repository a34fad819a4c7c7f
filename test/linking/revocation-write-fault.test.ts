// Trying a queued revocation at once never fails what the member did (docs/architecture.md, "Linking"): the
// link or unlink is committed first, so a database write of the attempt that fails (the claim, or finishing
// the row) is logged and the row left queued for the revocation worker; the tokens of the link just saved
// are never revoked for it. The fault is a real one, a trigger on the table; the token endpoint is a real
// server on 127.0.0.1.
import { afterEach, describe, expect, it } from "vitest";
import { unlinkMember } from "../../src/linking/unlink-member.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { listTokenRevocations } from "../../src/store/token-revocations.js";
import { testDatabases } from "../store/databases.js";
import { useLinkingFixtures } from "./support/use-linking-fixtures.js";
import { linkThroughOAuth, revokedTokens } from "./support/oauth-link-flow.js";
import { failRevocationWrites, removeRevocationFault } from "./support/revocation-faults.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };

describe.each(testDatabases())("a revocation whose database write fails on $name", (database) => {
  const fixtures = useLinkingFixtures(database);
  afterEach(async () => {
    await removeRevocationFault(fixtures.store, database);
  });

  it.each([
    ["the claim", "update", []],
    ["finishing the row", "delete", ["first"]],
  ] as const)("links again and keeps the new tokens when %s fails", async (_name, write, revoked) => {
    const first = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);
    await failRevocationWrites(fixtures.store, database, write);

    // The second sign-in is another platform account: the first one's tokens are queued.
    fixtures.platform.queueReplies({ body: { id: "user_bob", username: "bob", rating: 1500, tier: "gold" } });
    const second = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);

    const stored = await findMemberLink(fixtures.deps.db, fixtures.deps.secretBox, member);
    expect(stored).toMatchObject({
      platformUserId: "user_bob",
      credential: { refreshToken: second.refreshToken },
    });
    expect(revokedTokens(fixtures.oauthServer)).toEqual(revoked.map(() => first.refreshToken));
    const queued = await listTokenRevocations(fixtures.store.db);
    expect(queued.map((row) => row.cause)).toEqual(["relinked"]);
    const warnings = fixtures.logLines.filter((line) => line.includes("could not be tried at once"));
    expect(warnings).toHaveLength(1);
    const logs = fixtures.logLines.join("\n");
    for (const secret of [first.accessToken, first.refreshToken, second.accessToken, second.refreshToken])
      expect(logs).not.toContain(secret);
  });

  it("unlinks when the claim fails, the tokens left queued", async () => {
    const linked = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);
    await failRevocationWrites(fixtures.store, database, "update");

    expect(await unlinkMember(fixtures.deps, member)).toEqual({ wasLinked: true });

    expect(await findMemberLink(fixtures.deps.db, fixtures.deps.secretBox, member)).toBeUndefined();
    expect(revokedTokens(fixtures.oauthServer)).toEqual([]);
    const queued = await listTokenRevocations(fixtures.store.db);
    expect(queued.map((row) => ({ cause: row.cause, attempts: row.attempts }))).toEqual([
      { cause: "unlinked", attempts: 0 },
    ]);
    expect(fixtures.logLines.join("\n")).not.toContain(linked.refreshToken);
  });
});
