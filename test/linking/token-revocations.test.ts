// Revoking the tokens the bot stops using is durable (docs/architecture.md, "Linking"): /unlink queues its
// tokens, sealed, in its own transaction and tries them at once; what the platform did not answer (an outage,
// or a process that died after the commit) is sent by the revocation worker, with backoff, until the platform
// answers. The token endpoint is a real server on 127.0.0.1 that records each revocation; the store is each
// test database.
import { describe, expect, it } from "vitest";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { queueDroppedTokens } from "../../src/linking/revoke-dropped-tokens.js";
import { revokeQueuedTokens } from "../../src/linking/revoke-queued-tokens.js";
import { createTokenRevocationWorker } from "../../src/linking/token-revocation-worker.js";
import { unlinkMember } from "../../src/linking/unlink-member.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { listTokenRevocations } from "../../src/store/token-revocations.js";
import { testDatabases } from "../store/databases.js";
import { useLinkingFixtures } from "./support/use-linking-fixtures.js";
import { linkThroughOAuth, revokedTokens } from "./support/oauth-link-flow.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };

describe.each(testDatabases())("revoking an unlinked member's tokens on $name", (database) => {
  const fixtures = useLinkingFixtures(database);

  /** What a restarted instance runs: a worker of its own, under another lease owner. */
  function startRevocationWorker() {
    return createTokenRevocationWorker({ ...fixtures.deps, owner: "restarted", pollIntervalMs: 60_000 });
  }

  it("revokes the tokens once the platform answers again, though the unlink's own attempt failed", async () => {
    const linked = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);
    fixtures.oauthServer.failRevocations();

    expect(await unlinkMember(fixtures.deps, member)).toEqual({ wasLinked: true });

    expect(await findMemberLink(fixtures.deps.db, fixtures.deps.secretBox, member)).toBeUndefined();
    expect(revokedTokens(fixtures.oauthServer)).toEqual([linked.refreshToken]);
    const queued = await listTokenRevocations(fixtures.store.db);
    expect(queued.map((row) => ({ cause: row.cause, attempts: row.attempts }))).toEqual([
      { cause: "unlinked", attempts: 1 },
    ]);
    // Sealed, like every stored secret.
    expect(JSON.stringify(queued)).not.toContain(linked.refreshToken);

    fixtures.oauthServer.answerRevocations(200);
    const worker = startRevocationWorker();
    // Due 30 s after the failure.
    fixtures.clock.advance(29_999);
    expect(await worker.runOnce()).toEqual([]);
    fixtures.clock.advance(1);
    expect(await worker.runOnce()).toEqual(["revoked"]);

    expect(revokedTokens(fixtures.oauthServer)).toEqual([linked.refreshToken, linked.refreshToken]);
    const revocation = fixtures.oauthServer.received
      .filter((request) => request.path === "/oauth/revoke")
      .at(-1);
    expect(revocation?.params).toMatchObject({ token_type_hint: "refresh_token" });
    expect(await listTokenRevocations(fixtures.store.db)).toEqual([]);
    const logs = fixtures.logLines.join("\n");
    for (const secret of [linked.accessToken, linked.refreshToken]) expect(logs).not.toContain(secret);
  });

  it("tries again with a longer wait each time the platform fails", async () => {
    const linked = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);
    fixtures.oauthServer.failRevocations();
    await unlinkMember(fixtures.deps, member);
    const worker = startRevocationWorker();

    fixtures.clock.advance(30_000);
    expect(await worker.runOnce()).toEqual(["retry"]);
    // 60 s after the second failure.
    fixtures.clock.advance(59_999);
    expect(await worker.runOnce()).toEqual([]);
    fixtures.oauthServer.answerRevocations(200);
    fixtures.clock.advance(1);
    expect(await worker.runOnce()).toEqual(["revoked"]);

    expect(revokedTokens(fixtures.oauthServer)).toEqual([
      linked.refreshToken,
      linked.refreshToken,
      linked.refreshToken,
    ]);
    expect(await listTokenRevocations(fixtures.store.db)).toEqual([]);
  });

  it("lets the row go when the platform answers that the token is invalid already", async () => {
    await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);
    fixtures.oauthServer.answerRevocations(400);

    await unlinkMember(fixtures.deps, member);

    expect(revokedTokens(fixtures.oauthServer)).toHaveLength(1);
    expect(await listTokenRevocations(fixtures.store.db)).toEqual([]);
  });

  it("keeps the row when the platform refuses the bot's own client credentials, which an operator can mend", async () => {
    await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);
    fixtures.oauthServer.answerRevocations(401);

    await unlinkMember(fixtures.deps, member);

    const queued = await listTokenRevocations(fixtures.store.db);
    expect(queued.map((row) => ({ cause: row.cause, attempts: row.attempts }))).toEqual([
      { cause: "unlinked", attempts: 1 },
    ]);
  });

  it("keeps the row when the platform answers 400 invalid_client, which refuses the bot rather than the token", async () => {
    await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);
    fixtures.oauthServer.answerRevocations(400, "invalid_client");

    await unlinkMember(fixtures.deps, member);

    const queued = await listTokenRevocations(fixtures.store.db);
    expect(queued.map((row) => ({ attempts: row.attempts, error: row.last_error }))).toEqual([
      { attempts: 1, error: "the revocation endpoint answered 400 invalid_client" },
    ]);
  });

  it("revokes at once when the platform answers, leaving nothing queued", async () => {
    const linked = await linkThroughOAuth(fixtures.deps, fixtures.oauthServer, member);

    await unlinkMember(fixtures.deps, member);

    expect(revokedTokens(fixtures.oauthServer)).toEqual([linked.refreshToken]);
    expect(await listTokenRevocations(fixtures.store.db)).toEqual([]);
    expect(await startRevocationWorker().runOnce()).toEqual([]);
  });
});

describe.each(testDatabases())(
  "revoking a Linked Roles verification's Discord tokens on $name",
  (database) => {
    const fixtures = useLinkingFixtures(database);

    /** The linking dependencies with Linked Roles on, Discord's API at the OAuth fixture. */
    function withLinkedRoles(deps: LinkingDeps): LinkingDeps {
      const discord = {
        ...deps.config.discord,
        apiUrl: fixtures.oauthServer.url,
        linkedRoles: { clientId: "linked-roles-client", clientSecret: "linked-roles-secret" },
      };
      return { ...deps, config: { ...deps.config, discord } };
    }

    const dropped = {
      issuer: "discord",
      guildId: undefined,
      userId: member.userId,
      tokens: { accessToken: "discord-access", refreshToken: "discord-refresh" },
      cause: "unlinked",
    } as const;

    it("sends them to Discord with Discord's client from the settings, whoever queued them", async () => {
      const deps = withLinkedRoles(fixtures.deps);
      const id = await queueDroppedTokens(deps.db, deps, dropped);
      expect(id).toBeDefined();

      await revokeQueuedTokens(deps, id);

      const revocations = fixtures.oauthServer.received.filter(
        (request) => request.path === "/v10/oauth2/token/revoke",
      );
      expect(revocations.map((request) => request.params?.token)).toEqual(["discord-refresh"]);
      expect(await listTokenRevocations(fixtures.store.db)).toEqual([]);
    });

    it("queues nothing while Linked Roles is off: there is no Discord client to send them with", async () => {
      expect(fixtures.deps.config.discord.linkedRoles).toBeUndefined();
      expect(await queueDroppedTokens(fixtures.deps.db, fixtures.deps, dropped)).toBeUndefined();
      expect(await listTokenRevocations(fixtures.store.db)).toEqual([]);
    });
  },
);
