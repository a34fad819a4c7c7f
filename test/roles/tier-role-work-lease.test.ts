// docs/architecture.md, "Tier roles", "Growing past one machine": a server's role making is leased, and a
// worker whose lease ended while it waited on Discord makes no role: another worker holds the work by then, and
// both making it would leave the server two roles of one tier. On SQLite, whose lease clock is the test's.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeGuild } from "../../fake-discord/index.js";
import { ManualClock } from "../../src/clock.js";
import { createLogger } from "../../src/logger.js";
import { createRoleWorker, type RoleWorker } from "../../src/roles/role-worker.js";
import { findGuildRoleSettings, saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { listTierRoles } from "../../src/store/tier-roles.js";
import { recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../store/databases.js";

const sqliteInMemory = testDatabases()[0] as TestDatabase;
const leaseMs = 60_000;

describe("making the roles of new tiers when a worker's lease ends while it waits on Discord", () => {
  const store = useMigratedStore(sqliteInMemory);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  let fake: FakeDiscord;
  let guild: FakeGuild;
  /** Each worker's own client, as each instance has. */
  const clients: REST[] = [];

  beforeEach(async () => {
    fake = await createFakeDiscord();
    guild = fake.createGuild({ name: "Arena" });
    fake.roles.grantBot(guild.id, ["ManageRoles"]);
    await saveRoleSyncMode(store.db, { guildId: guild.id, mode: "create", now: clock.now() });
    clock.advance(1);
    await recordTierSighting(store.db, { tier: "legend", rating: 2800, now: clock.now() });
    clock.advance(1);
  });
  afterEach(async () => {
    for (const rest of clients.splice(0)) {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    }
    await fake.close();
  });

  function createWorker(owner: string): RoleWorker {
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    clients.push(rest);
    return createRoleWorker({
      db: store.db,
      rest,
      clock,
      logger: createLogger({ level: "silent" }),
      applicationId: fake.applicationId,
      owner,
      leaseMs,
      readMemberTier: () => Promise.resolve(undefined),
    });
  }

  it("makes the role once when another worker took the work over meanwhile", async () => {
    // Both workers read the server's roles before either makes one, as two instances do at once.
    const reads = fake.holdResponses("GET", new RegExp(`^/guilds/${guild.id}/roles$`));
    const first = createWorker("worker-1").runOnce();
    await reads.waitForCaught(1);
    clock.advance(leaseMs + 1);
    const second = createWorker("worker-2").runOnce();
    await reads.waitForCaught(2);
    reads.release();
    await Promise.all([first, second]);

    expect(fake.roles.list(guild.id).filter((role) => role.name === "Legend")).toHaveLength(1);
    expect((await listTierRoles(store.db, guild.id)).map((mapping) => mapping.tier)).toEqual(["legend"]);
    expect(await findGuildRoleSettings(store.db, guild.id)).toMatchObject({ tiersPending: false });
  });
});
