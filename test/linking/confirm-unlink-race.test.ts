// "Link account" pressed on the confirm page while `/unlink` runs for the same member, on PostgreSQL, where
// the two run at once (docs/architecture.md, "Linking"). Both take the member's link and the member's pending
// sign-in; the confirmation takes the link first, as `/unlink` does, so one waits for the other. In the other
// order each held what the other wanted next, and PostgreSQL aborted one with a deadlock: the confirm page
// said the platform had failed, or /unlink failed. The test holds the member's link so that /unlink queues
// for it first and the confirmation second, the order that deadlocked. (SQLite runs one writer at a time.)
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { completeOAuthLink, startOAuthLink } from "../../src/linking/oauth-link.js";
import { unlinkMember } from "../../src/linking/unlink-member.js";
import { findMemberLink, holdMemberLink } from "../../src/store/member-links.js";
import { waitUntil } from "../e2e/support/wait-until.js";
import { testDatabases } from "../store/databases.js";
import { openSignInLink } from "./open-sign-in-link.js";
import { useLinkingFixtures } from "./support/use-linking-fixtures.js";
import { redirectUri } from "./support/oauth-link-flow.js";

const member = { guildId: "100000000000000001", userId: "200000000000000002" };

const postgresDatabases = testDatabases().filter((database) => database.dialect === "postgres");

// Skipped, not empty, without TEST_DATABASE_URL: a file with no suite at all fails the run.
describe.skipIf(postgresDatabases.length === 0)("a confirmation racing /unlink", () => {
  describe.each(postgresDatabases)("on $name", (database) => {
    const world = useLinkingFixtures(database);

    /** Waits until `count` sessions wait on the lock the session `holder` holds (none of another test's). */
    async function blockedBy(holder: number, count: number, what: string): Promise<void> {
      await waitUntil(
        async () => {
          const { rows } = await sql<{ waiting: number }>`
            select count(*)::int as waiting from pg_stat_activity
            where ${holder}::int = any(pg_blocking_pids(pid))`.execute(world.store.db);
          return (rows[0]?.waiting ?? 0) >= count;
        },
        { timeoutMs: 10_000, what },
      );
    }

    it("lets the /unlink finish, then tells the confirmation the sign-in is gone", async () => {
      const requester = { ...member, memberName: "Alice", memberUsername: "alice", guildName: undefined };
      const { url } = await startOAuthLink(world.deps, requester, undefined);
      const opened = await openSignInLink(world.deps, url);
      world.oauthServer.issueCode("code-race", opened.codeChallenge, redirectUri);

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let heldBy!: (pid: number) => void;
      const holding = new Promise<number>((resolve) => (heldBy = resolve));
      const hold = world.store.db.transaction().execute(async (trx) => {
        await holdMemberLink(trx, member);
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        heldBy(rows[0]?.pid ?? 0);
        await released;
      });
      try {
        const holder = await holding;
        const unlinking = unlinkMember(world.deps, member);
        await blockedBy(holder, 1, "the /unlink to wait for the member's link");
        const confirming = completeOAuthLink(world.deps, {
          state: opened.state,
          code: "code-race",
          browserKey: opened.browserKey,
        });
        await blockedBy(holder, 2, "the confirmation to wait too");
        release();
        const [unlinked, confirmed] = await Promise.all([unlinking, confirming]);

        expect(unlinked).toEqual({ wasLinked: false });
        expect(confirmed).toEqual({ ok: false, reason: "unknown_state" });
        expect(await findMemberLink(world.store.db, world.deps.secretBox, member)).toBeUndefined();
      } finally {
        release();
        await hold;
      }
    });
  });
});
