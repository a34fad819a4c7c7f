// docs/architecture.md, "Tier roles": create mode's role making when Discord refuses it, against the fake
// Discord's roles with a migrated database and a manual clock. A refusal no retry can fix pauses the server and
// tells its admins; a 5xx is tried again with the outbox's backoff, and no claim makes the role before then,
// whichever instance claims.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeGuild } from "../../fake-discord/index.js";
import { ManualClock } from "../../src/clock.js";
import { queueGuildSync } from "../../src/roles/queue-guild-sync.js";
import type { RoleWorker } from "../../src/roles/role-worker.js";
import { createTestRoleWorker } from "./support/test-role-worker.js";
import { findGuildRoleSettings, saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { saveAdminChannel } from "../../src/store/guild-settings.js";
import { listTierRoles } from "../../src/store/tier-roles.js";
import { recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";

const roleCreates = "POST /guilds/:guildId/roles";
const roleReads = "GET /guilds/:guildId/roles";

describe.each(testDatabases())("making the roles of new tiers when Discord refuses, on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  let fake: FakeDiscord;
  let guild: FakeGuild;
  let rest: REST;
  let adminChannel: string;

  beforeEach(async () => {
    fake = await createFakeDiscord();
    guild = fake.createGuild({ name: "Arena" });
    fake.roles.grantBot(guild.id, ["ManageRoles"]);
    adminChannel = fake.createChannel(guild.id, { name: "admins" }).id;
    await saveAdminChannel(store.db, { guildId: guild.id, adminChannelId: adminChannel, now: clock.now() });
    rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    await saveRoleSyncMode(store.db, { guildId: guild.id, mode: "create", now: clock.now() });
    clock.advance(1);
    await recordTierSighting(store.db, { tier: "legend", rating: 2800, now: clock.now() });
    clock.advance(1);
  });
  afterEach(async () => {
    fake.setOutage(false);
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await fake.close();
  });

  function createWorker(owner = "worker-1"): RoleWorker {
    // Half of each ceiling (the helper's jitter): the first retry waits 500 ms, the second 1 s.
    return createTestRoleWorker({ db: store.db, rest, clock, applicationId: fake.applicationId, owner });
  }

  const requests = (route: string) => fake.stats.requestsByRoute.get(route) ?? 0;
  const settings = () => findGuildRoleSettings(store.db, guild.id);
  const mappedTiers = async () => (await listTierRoles(store.db, guild.id)).map((mapping) => mapping.tier);

  it("pauses at Discord's role limit after one refusal, tells the admins once, and makes the role once resumed", async () => {
    const handMade = Array.from({ length: 250 }, (_, index) =>
      fake.roles.create(guild.id, { name: `r${index}`, position: 1 }),
    );
    const worker = createWorker();
    for (let poll = 0; poll < 5; poll += 1) {
      await worker.runOnce();
      clock.advance(5000);
    }

    expect(requests(roleCreates)).toBe(1);
    expect(await settings()).toMatchObject({
      tiersPending: true,
      pausedReason: expect.stringContaining("30005"),
      lastProblem: expect.stringContaining("Maximum number of guild roles reached"),
    });
    expect(fake.messages(adminChannel).map((message) => message.content)).toEqual([
      "I paused tier roles: this server has as many roles as Discord allows, so I couldn't make the role of a " +
        "new tier. Delete roles you no longer need in Server Settings → Roles, then run `/setup roles sync` to " +
        "resume.",
    ]);

    // The admins delete a few roles and run /setup roles sync.
    for (const role of handMade.slice(0, 3)) fake.roles.delete(guild.id, role.id);
    await queueGuildSync(store.db, { guildId: guild.id, now: clock.now(), resume: true });
    await worker.runOnce();

    expect(requests(roleCreates)).toBe(2);
    expect(fake.roles.find(guild.id, "Legend")).toBeDefined();
    expect(await mappedTiers()).toEqual(["legend"]);
    expect(await settings()).toMatchObject({ tiersPending: false, pausedReason: null });
    expect(fake.messages(adminChannel)).toHaveLength(1);
  });

  it("makes the role again after a 5xx only once its backoff has passed, which doubles with each failure", async () => {
    const worker = createWorker();
    // Discord reads the roles, then fails the creation itself with 503.
    const reads = fake.holdResponses("GET", /^\/guilds\/\d+\/(roles|members\/\d+)$/);
    const firstAttempt = worker.runOnce();
    await reads.waitForCaught(2);
    fake.setOutage(true);
    reads.release();
    await firstAttempt;
    fake.setOutage(false);

    expect(await settings()).toMatchObject({
      tiersPending: true,
      pausedReason: null,
      lastProblem: expect.stringContaining("503"),
    });
    const afterFirst = fake.stats.requests;
    await worker.runOnce();
    clock.advance(499);
    await worker.runOnce();
    expect(fake.stats.requests).toBe(afterFirst);

    // 500 ms on, the second attempt meets another 503 (reading the roles this time): 1 s more.
    fake.setOutage(true);
    clock.advance(1);
    await worker.runOnce();
    fake.setOutage(false);
    const afterSecond = fake.stats.requests;
    expect(afterSecond).toBeGreaterThan(afterFirst);
    clock.advance(999);
    await worker.runOnce();
    expect(fake.stats.requests).toBe(afterSecond);
    expect(fake.roles.find(guild.id, "Legend")).toBeUndefined();

    clock.advance(1);
    await worker.runOnce();
    expect(fake.roles.find(guild.id, "Legend")).toBeDefined();
    expect(await mappedTiers()).toEqual(["legend"]);
    expect(await settings()).toMatchObject({ tiersPending: false, pausedReason: null });
    expect(fake.messages(adminChannel)).toEqual([]);
  });

  it("lets no instance try again before the backoff another's failure set", async () => {
    const workers = [createWorker("worker-1"), createWorker("worker-2")];
    const everyWorkerOnce = () => Promise.all(workers.map((worker) => worker.runOnce()));
    fake.setOutage(true);
    await everyWorkerOnce();
    fake.setOutage(false);
    // One attempt: a read and @discordjs/rest's three retries of it.
    expect(requests(roleReads)).toBe(4);

    for (let poll = 0; poll < 3; poll += 1) await everyWorkerOnce();
    expect(requests(roleReads)).toBe(4);

    clock.advance(500);
    await everyWorkerOnce();
    await everyWorkerOnce();
    expect(requests(roleCreates)).toBe(1);
    expect(fake.roles.find(guild.id, "Legend")).toBeDefined();
    expect(await settings()).toMatchObject({ tiersPending: false, pausedReason: null });
  });

  it("makes the role of a tier first seen while a pass ran, whose delivery was received before the pass began", async () => {
    const worker = createWorker();
    // The pass has read the known tiers and waits on Discord for the server's roles; meanwhile a delivery
    // received a moment before the pass's claim commits a new tier.
    const reads = fake.holdResponses("GET", /^\/guilds\/\d+\/roles$/);
    const pass = worker.runOnce();
    await reads.waitForCaught(1);
    await recordTierSighting(store.db, { tier: "mythic", rating: 3200, now: clock.now() - 1 });
    reads.release();
    await pass;
    expect(await mappedTiers()).toEqual(["legend"]);
    expect(await settings()).toMatchObject({ tiersPending: true });

    await worker.runOnce();
    expect((await mappedTiers()).sort()).toEqual(["legend", "mythic"]);
    expect(await settings()).toMatchObject({ tiersPending: false });
  });
});
