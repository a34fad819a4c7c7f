// Two first links of one member finishing at once on PostgreSQL (docs/architecture.md, "Linking"): the second to
// commit waits for the first and reads what it stored, so the OAuth tokens it replaces are revoked. Without the
// hold, both would read no link, and the first's tokens would be overwritten and never revoked. (SQLite runs one
// writer at a time, so there it cannot race.) The first save is held open by a lock the test takes on the
// platform user it saves after the link (src/linking/save-linked-account.ts), so the two overlap every time.
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PlatformUser } from "../../src/api/schemas/user.js";
import { ManualClock } from "../../src/clock.js";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { saveLinkedAccount } from "../../src/linking/save-linked-account.js";
import {
  findMemberLink,
  type CredentialKind,
  type MemberCredential,
  type MemberKey,
  type MemberLinkInput,
} from "../../src/store/member-links.js";
import { savePlatformUser } from "../../src/store/platform-users.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { waitUntil } from "../e2e/support/wait-until.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { buildLinkingDeps } from "./support/linking-deps.js";

const serverMember = { guildId: "100000000000000001", userId: "200000000000000002" };
const personalMember = { guildId: undefined, userId: "200000000000000003" };
const alice = platformUser("user_alice", "alice");
const bob = platformUser("user_bob", "bob");
const aliceTokens = { accessToken: "access-alice", refreshToken: "refresh-alice" };
const bobCredentials: Record<CredentialKind, MemberCredential> = {
  oauth: { accessToken: "access-bob", refreshToken: "refresh-bob" },
  api_key: { accessToken: "key_write_0123456789" },
};

function platformUser(id: string, username: string): PlatformUser {
  const unset = { email: undefined, joinedAt: undefined, displayName: undefined, bio: undefined };
  return { id, username, rating: 1500, tier: "gold", ...unset, location: undefined, website: undefined };
}

const postgresDatabases = testDatabases().filter((database) => database.dialect === "postgres");

// Skipped, not empty, without TEST_DATABASE_URL: a file with no suite at all fails the run.
describe.skipIf(postgresDatabases.length === 0)("two first links of one member at once", () => {
  describe.each(postgresDatabases)("on $name", (database) => {
    const store = useMigratedStore(database);
    let oauthServer: OAuthFixture;
    let platform: PlatformFixture;
    let deps: LinkingDeps;

    beforeEach(async () => {
      oauthServer = await startOAuthFixture();
      platform = await startPlatformFixture();
      const clock = new ManualClock(Date.UTC(2026, 0, 1));
      deps = buildLinkingDeps({ db: store.db, platform, oauthServer, clock });
    });
    afterEach(async () => {
      await oauthServer.close();
      await platform.close();
    });

    function input(
      member: MemberKey,
      user: PlatformUser,
      credentialKind: CredentialKind,
      credential: MemberCredential,
    ): MemberLinkInput {
      const { id: platformUserId, username: platformUsername } = user;
      return {
        ...member,
        platformUserId,
        platformUsername,
        credentialKind,
        credential,
        now: deps.clock.now(),
      };
    }

    /** The connection of the one backend that `pid` blocks, once there is one. */
    async function blockedBy(pid: number, what: string): Promise<number> {
      let blocked: number | undefined;
      await waitUntil(
        async () => {
          const { rows } = await sql<{ pid: number }>`
            select pid from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`.execute(
            store.db,
          );
          blocked = rows[0]?.pid;
          return blocked !== undefined;
        },
        { timeoutMs: 10_000, what },
      );
      return blocked ?? 0;
    }

    it.each([
      ["a server link, by two sign-ins", serverMember, "oauth"],
      ["a server link, by a sign-in and a key", serverMember, "api_key"],
      ["a personal link, by two sign-ins", personalMember, "oauth"],
    ] as const)(
      "revokes the first's tokens when the second commits over %s",
      async (_name, member, second) => {
        await savePlatformUser(store.db, { platformUserId: alice.id, username: alice.username, now: 1 });
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let heldBy!: (pid: number) => void;
        const holder = new Promise<number>((resolve) => (heldBy = resolve));
        const hold = store.db.transaction().execute(async (trx) => {
          await trx
            .selectFrom("platform_users")
            .select("platform_user_id")
            .where("platform_user_id", "=", alice.id)
            .forUpdate()
            .execute();
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          heldBy(rows[0]?.pid ?? 0);
          await released;
        });

        const bobInput = input(member, bob, second, bobCredentials[second]);
        try {
          // The test's lock is taken before the first save starts: started together, the save could reach the
          // row first (the hold's connection may still be opening) and commit without ever waiting.
          const holderPid = await holder;
          // The sign-in to Alice's account has stored its link and waits, uncommitted, on the test's lock.
          const first = saveLinkedAccount(deps, input(member, alice, "oauth", aliceTokens), alice);
          const firstPid = await blockedBy(holderPid, "the first link to wait, uncommitted");
          const secondSave = saveLinkedAccount(deps, bobInput, bob);
          await blockedBy(firstPid, "the second link to wait for the first");
          release();
          await Promise.all([first, secondSave]);
        } finally {
          release();
          await hold;
        }

        const stored = await findMemberLink(store.db, deps.secretBox, member);
        // The second's credential stands, and only the first's tokens are revoked.
        expect(stored).toMatchObject({ platformUserId: bob.id, credential: bobInput.credential });
        const revoked = oauthServer.received
          .filter((request) => request.path === "/oauth/revoke")
          .map((request) => request.params?.token);
        expect(revoked).toEqual([aliceTokens.refreshToken]);
      },
    );
  });
});
