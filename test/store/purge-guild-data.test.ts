// The purge of a server the bot was removed from (docs/architecture.md, "When the bot leaves a server"):
// every row of that guild goes, in every table with a guild_id and through its webhook endpoints, and no
// other guild's row; a guild the bot came back to keeps everything.
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { adminNoticeSource, queueAdminNotice } from "../../src/store/admin-notices.js";
import { listBattleAnswers } from "../../src/store/battle-answers.js";
import type { Store } from "../../src/store/create-db.js";
import type { Database } from "../../src/store/database.js";
import { clearGuildRemoval, findGuildRemoval, recordGuildRemoval } from "../../src/store/guild-removals.js";
import { operatorSource } from "../../src/store/inbox.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import { purgeRemovedGuild } from "../../src/store/purge-guild-data.js";
import { claimDueTokenRevocations, listTokenRevocations } from "../../src/store/token-revocations.js";
import { guildA, guildB } from "../webhooks/support/seed.js";
import { countGuildRows, guildIdTables } from "./support/guild-rows.js";
import { day, seedGuild, seedSecretBox as box } from "./support/seed-guild.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

/** Tables with a guild_id column, read from the schema itself so a table added later is checked too. */
async function listGuildTables(store: Store): Promise<string[]> {
  if (store.dialect === "postgres") {
    // Each test database is a schema of its own. Kysely's introspection reads every schema's catalog, which
    // fails now and then while other test files create and drop theirs: only this one's is read.
    const { rows } = await sql<{ name: string }>`select distinct table_name as name
      from information_schema.columns
      where table_schema = current_schema() and column_name = 'guild_id'`.execute(store.db);
    return rows.map((row) => row.name).sort();
  }
  const tables = await store.db.introspection.getTables();
  return tables
    .filter((table) => table.columns.some((column) => column.name === "guild_id"))
    .map((table) => table.name)
    .sort();
}

/** The operator's events are every guild's: they stay while another guild's outbox row names them. */
async function countOperatorEvents(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .selectFrom("inbox_events")
    .select("event_id")
    .where("source", "=", operatorSource)
    .execute();
  return rows.length;
}

describe.each(testDatabases())("purging a removed guild on $name", (database) => {
  const store = useMigratedStore(database);
  /** Purges guildA as the job run at `at` does, every removal before then counted as due. */
  const purgeGuildA = (at: number, queueOAuthTokens: boolean) =>
    purgeRemovedGuild(store.db, box, { guildId: guildA, removedBefore: at, now: at, queueOAuthTokens });

  it("knows every table that has a guild_id column", async () => {
    expect(await listGuildTables(store.store)).toEqual([...guildIdTables].sort());
  });

  it("deletes every row of a guild removed before the cut-off, and nothing of another guild", async () => {
    const { endpointId } = await seedGuild(store.db, guildA);
    const other = await seedGuild(store.db, guildB);
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    const seeded = await countGuildRows(store.db, guildA);
    for (const [table, count] of Object.entries(seeded)) expect(count, table).toBeGreaterThan(0);
    const otherSeeded = await countGuildRows(store.db, guildB);

    const purged = await purgeGuildA(testNow + 30 * day, true);

    expect(purged).toEqual({
      memberLinks: 1,
      oauthStates: 1,
      guildSettings: 1,
      subscriptions: 1,
      webhookEndpoints: 1,
      retiredSecrets: 1,
      battleCards: 2,
      battleAnswers: 1,
      reminderSettings: 1,
      tournamentReminders: 1,
      outboxRows: 2,
      inboxEvents: 1,
      roleSettings: 1,
      tierRoles: 1,
      memberTierRoles: 1,
      reminderRoleGrants: 1,
      memberActivity: 1,
      digestWeeks: 1,
      webhookChangeLeases: 1,
      leaderboardRefreshes: 1,
      memberTeams: 1,
      threadPauses: 1,
      messageThreads: 1,
      tournamentEventSettings: 1,
      tournamentEvents: 1,
      roleConnectionsQueued: 0,
      // The seeded link is by API key, which has no token to revoke; the unlink's waiting revocation stays.
      tokenRevocationsQueued: 0,
      tokenRevocationsForgotten: 1,
    });
    const left = await countGuildRows(store.db, guildA, [endpointId]);
    for (const [table, count] of Object.entries(left)) expect(count, table).toBe(0);
    // The other guild keeps everything, the operator's event its outbox row still names included.
    expect(await countGuildRows(store.db, guildB, [other.endpointId])).toEqual(otherSeeded);
    expect(await countOperatorEvents(store.db)).toBe(1);
    // The answers of a battle the other guild still shows stay; those of the purged guild's own battle go.
    expect(await listBattleAnswers(store.db, "bat_1")).toHaveLength(2);
    expect(await listBattleAnswers(store.db, `bat_only_${guildA}`)).toEqual([]);
    expect(await listBattleAnswers(store.db, `bat_only_${guildB}`)).toHaveLength(1);
  });

  it("deletes the text of the guild's queued admins' notices, and no other guild's", async () => {
    await seedGuild(store.db, guildA);
    await seedGuild(store.db, guildB);
    for (const guildId of [guildA, guildB]) {
      const notice = { id: `notice_${guildId}`, guildId, channelId: "200000000000000777", now: testNow };
      await queueAdminNotice(store.db, { ...notice, content: `I paused <#${guildId}>.` });
    }
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    const notices = () =>
      store.db
        .selectFrom("inbox_events")
        .select("event_id")
        .where("source", "=", adminNoticeSource)
        .orderBy("event_id")
        .execute();
    expect(await notices()).toHaveLength(2);

    const purged = await purgeGuildA(testNow + 1, false);

    // The endpoint's event and the notice's text.
    expect(purged).toMatchObject({ outboxRows: 3, inboxEvents: 2 });
    expect(await notices()).toEqual([{ event_id: `notice_${guildB}` }]);
  });

  /** guildA seeded, with one member linked through OAuth too, and removed at testNow. */
  async function seedRemovedGuildWithOAuthLink(): Promise<void> {
    await seedGuild(store.db, guildA);
    await saveMemberLink(store.db, box, {
      guildId: guildA,
      userId: "400000000000000099",
      platformUserId: "usr_oauth",
      platformUsername: "bob",
      credentialKind: "oauth",
      credential: { accessToken: "access-oauth", refreshToken: "refresh-oauth" },
      now: testNow,
    });
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
  }

  it("revokes the tokens of the guild's OAuth links, naming neither the server nor its members", async () => {
    await seedRemovedGuildWithOAuthLink();

    const purged = await purgeGuildA(testNow + 1, true);

    expect(purged).toMatchObject({ memberLinks: 2, tokenRevocationsQueued: 1, tokenRevocationsForgotten: 1 });
    const due = await claimDueTokenRevocations(store.db, box, {
      owner: "test",
      now: testNow + 1,
      leaseMs: 60_000,
      limit: 10,
    });
    const whose = ({ guildId, userId, cause, token }: (typeof due)[number]) => ({
      guildId,
      userId,
      cause,
      token,
    });
    expect(due.map(whose).sort((a, b) => a.cause.localeCompare(b.cause))).toEqual([
      {
        guildId: undefined,
        userId: undefined,
        cause: "server_purged",
        token: { token: "refresh-oauth", tokenTypeHint: "refresh_token" },
      },
      {
        guildId: undefined,
        userId: undefined,
        cause: "unlinked",
        token: { token: "refresh-token-unlinked", tokenTypeHint: "refresh_token" },
      },
    ]);
  });

  it("queues none of the links' tokens while platform OAuth is off, and still deletes the links", async () => {
    await seedRemovedGuildWithOAuthLink();
    const queuedBefore = (await listTokenRevocations(store.db)).map((row) => row.id);

    const purged = await purgeGuildA(testNow + 1, false);

    expect(purged).toMatchObject({ memberLinks: 2, tokenRevocationsQueued: 0 });
    expect((await listTokenRevocations(store.db)).map((row) => row.id)).toEqual(queuedBefore);
    expect(await countGuildRows(store.db, guildA)).toMatchObject({ member_links: 0 });
  });

  it("keeps a guild removed at or after the cut-off", async () => {
    await seedGuild(store.db, guildA);
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    const seeded = await countGuildRows(store.db, guildA);

    expect(await purgeGuildA(testNow, true)).toBeUndefined();

    expect(await findGuildRemoval(store.db, guildA)).toEqual({ guildId: guildA, removedAt: testNow });
    expect(await countGuildRows(store.db, guildA)).toEqual(seeded);
  });

  it("keeps everything of a guild the bot was added back to", async () => {
    await seedGuild(store.db, guildA);
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    await clearGuildRemoval(store.db, guildA);
    const kept = await countGuildRows(store.db, guildA);

    expect(await purgeGuildA(testNow + 30 * day, true)).toBeUndefined();

    expect(await countGuildRows(store.db, guildA)).toEqual(kept);
    expect(kept.member_links).toBe(1);
  });
});
