// docs/architecture.md, "Tier roles": with the bot killed (SIGKILL) while 80 members' role changes are queued
// and restarted, every member ends with exactly the right tier role and no change is made twice. Each row is
// a desired state and the worker changes only what Discord does not show yet, so the rows the killed process
// was in the middle of are finished by the restart without repeating a request. As in crash-restart.e2e.test.ts,
// the restart runs with its clock one lease ahead.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { findFreePort } from "../../playground/free-port.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { outboxWorkerDefaults } from "../../src/outbox/outbox-worker-options.js";
import { createKeyRing, generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSecretBox } from "../../src/secrets/secret-box.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import { queueMemberRating } from "../../src/store/member-tier-roles.js";
import { countPendingMemberRoles } from "../../src/store/member-tier-role-progress.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { mapTierRole } from "../../src/store/tier-roles.js";
import { spawnBot, waitForReady, type BotProcess } from "./support/bot-process.js";
import { waitUntil } from "./support/wait-until.js";

const memberCount = 80;
/** Role changes (of 160: one added and one removed per member) made before the kill. */
const killAfterChanges = 50;
const memberRoleRoute = "PUT /guilds/:guildId/members/:userId/roles/:roleId";

describe("a bot killed with 80 members' role changes queued, then restarted", () => {
  let discord: FakeDiscord;
  let sandbox: Sandbox;
  let store: Store;
  let dataDir: string;
  let env: Record<string, string>;
  let botUrl: string;
  let guildId: string;
  let memberIds: string[];
  let diamondId: string;
  let masterId: string;
  const bots: BotProcess[] = [];

  beforeAll(async () => {
    // 40 role changes a second in the guild (Discord allows about 10 per 10 s): the 80 additions take about 2 s,
    // long enough for the kill to land mid-work.
    discord = await createFakeDiscord({ routeLimits: { [memberRoleRoute]: { limit: 40, windowMs: 1000 } } });
    sandbox = await buildSandbox({ seed: false });
    await sandbox.listen(0, "127.0.0.1");
    const guild = discord.createGuild({ name: "Crash roles" });
    guildId = guild.id;
    discord.roles.grantBot(guildId, ["ManageRoles"]);
    diamondId = discord.roles.create(guildId, { name: "Diamond", position: 1 }).id;
    masterId = discord.roles.create(guildId, { name: "Master", position: 1 }).id;
    memberIds = Array.from(
      { length: memberCount },
      (_, index) => discord.createMember(guildId, { username: `player-${index}`, roleIds: [diamondId] }).id,
    );

    dataDir = await mkdtemp(join(tmpdir(), "arena-roles-crash-"));
    const databaseUrl = `file:${join(dataDir, "bot.sqlite")}`;
    const keySpec = generateKeySpec("crash");
    const box = createSecretBox(createKeyRing(keySpec));
    store = await createDb(databaseUrl);
    await migrateToLatest(store.db);
    const now = Date.now();
    await saveRoleSyncMode(store.db, { guildId, mode: "map", now });
    await mapTierRole(store.db, { guildId, tier: "diamond", roleId: diamondId, createdByBot: false, now });
    await mapTierRole(store.db, { guildId, tier: "master", roleId: masterId, createdByBot: false, now });
    // Every member was promoted: 80 role changes queued, as the webhook's transactions queue them.
    for (const [index, userId] of memberIds.entries()) {
      const platformUserId = `usr_player_${index}`;
      await saveMemberLink(store.db, box, {
        guildId,
        userId,
        platformUserId,
        platformUsername: `player-${index}`,
        credentialKind: "api_key",
        credential: { accessToken: `key_player_${index}` },
        now,
      });
      await queueMemberRating(store.db, {
        guildId,
        userId,
        platformUserId,
        rating: 2000 + index,
        tier: "master",
        ratedAt: now,
        cause: "rating",
        now,
      });
    }

    const port = await findFreePort();
    botUrl = `http://127.0.0.1:${port}`;
    env = {
      NODE_ENV: "test",
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      PLATFORM_API_URL: `${sandbox.url}/v1`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ENCRYPTION_KEYS: keySpec,
      HOST: "127.0.0.1",
      PORT: String(port),
      METRICS_PORT: "off",
      LOG_LEVEL: "warn",
    };
  });

  afterAll(async () => {
    for (const bot of bots) await bot.kill();
    await store.close();
    await discord.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const changesMade = () => discord.roles.auditLog(guildId).length;

  it("leaves every member with exactly the right role, each change made once", async () => {
    const first = spawnBot("src/main.ts", env);
    bots.push(first);
    await waitForReady(first, botUrl);
    await waitUntil(() => changesMade() >= killAfterChanges, {
      timeoutMs: 20_000,
      what: `${killAfterChanges} role changes`,
    });
    await first.kill();
    const madeBeforeRestart = changesMade();
    expect(madeBeforeRestart).toBeLessThan(2 * memberCount);

    const second = spawnBot("test/e2e/support/run-bot-ahead.ts", {
      ...env,
      BOT_CLOCK_OFFSET_MS: String(outboxWorkerDefaults.leaseMs + 1000),
    });
    bots.push(second);
    await waitForReady(second, botUrl);
    await waitUntil(async () => (await countPendingMemberRoles(store.db, guildId)) === 0, {
      timeoutMs: 40_000,
      what: "every queued role change to be done",
    });

    for (const userId of memberIds) {
      expect(
        discord.roles.ofMember(guildId, userId).map((role) => role.name),
        userId,
      ).toEqual(["Master"]);
      const changes = discord.roles
        .auditLog(guildId)
        .filter((entry) => entry.targetId === userId)
        .map((entry) => entry.changes[0]?.key);
      expect(changes.sort(), userId).toEqual(["$add", "$remove"]);
    }
    // Not even a request was repeated: beyond one PUT and one DELETE per member, only those Discord answered
    // 429 (the restarted process learns the buckets anew), which change nothing.
    const roleRequests =
      (discord.stats.requestsByRoute.get(memberRoleRoute) ?? 0) +
      (discord.stats.requestsByRoute.get("DELETE /guilds/:guildId/members/:userId/roles/:roleId") ?? 0);
    expect(roleRequests).toBeGreaterThanOrEqual(2 * memberCount);
    expect(roleRequests).toBeLessThanOrEqual(2 * memberCount + discord.stats.rateLimited);
    console.info(`role crash test: ${madeBeforeRestart} of ${2 * memberCount} changes made before the kill`);
  }, 120_000);
});
