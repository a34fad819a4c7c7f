// docs/architecture.md, "Tier roles": in create mode every tier without a role gets one, so a tier an admin
// leaves without a role (`/setup roles map` with no role) would get one again at the next sync, the old role
// taken back by its name. Leaving a tier without a role therefore turns create mode into map mode, and the
// answer says so: the tier stays without a role, and new tiers wait for a mapping.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { BotDependencies } from "../../src/commands/bot-dependencies.js";
import { mapTierToRole } from "../../src/commands/setup/sub/roles/map.js";
import { syncTierRoles } from "../../src/commands/setup/sub/roles/sync.js";
import { createLogger } from "../../src/logger.js";
import { ensureTierRoles } from "../../src/roles/ensure-tier-roles.js";
import { createTestRoleWorker } from "./support/test-role-worker.js";
import { findGuildRoleSettings, saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { listTierRoles } from "../../src/store/tier-roles.js";
import { recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../store/databases.js";
import { useFakeGuild } from "../support/fake-guild.js";

const sqliteInMemory = testDatabases()[0] as TestDatabase;

describe("a tier left without a role in create mode", () => {
  const store = useMigratedStore(sqliteInMemory);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });

  it("stays without one after the next sync, and the answer says new tiers wait for a mapping", async () => {
    const guildId = discord.guild.id;
    const deps = {
      db: store.db,
      clock,
      rest: discord.rest,
      logger: createLogger({ level: "silent" }),
      applicationId: discord.fake.applicationId,
    };
    await recordTierSighting(store.db, { tier: "gold", rating: 1450, now: clock.now() });
    await recordTierSighting(store.db, { tier: "master", rating: 2105, now: clock.now() });
    await saveRoleSyncMode(store.db, { guildId, mode: "create", now: clock.now() });
    await ensureTierRoles(deps, guildId);
    clock.advance(60_000);

    const answer = await mapTierToRole(deps as unknown as BotDependencies, {
      guildId,
      tier: "gold",
      roleId: undefined,
    });
    expect(answer).toContain("new tiers get no role until you map them");
    clock.advance(60_000);
    await syncTierRoles(deps, guildId, { sleep: () => Promise.resolve(), windowMs: 0 });
    await createTestRoleWorker(deps).runOnce();

    expect((await listTierRoles(store.db, guildId)).map((mapping) => mapping.tier)).toEqual(["master"]);
    expect((await findGuildRoleSettings(store.db, guildId))?.mode).toBe("map");
  });
});
