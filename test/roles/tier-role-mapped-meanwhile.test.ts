// docs/architecture.md, "Tier roles": create mode maps the role it made only to a tier still unmapped. An admin
// who maps the tier with `/setup roles map` while the bot's create is on its way to Discord keeps their choice;
// the bot's new role is left unmapped (and a later pass leaves it, its tier being mapped).
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createLogger } from "../../src/logger.js";
import { ensureTierRoles } from "../../src/roles/ensure-tier-roles.js";
import { listTierRoles, mapTierRole } from "../../src/store/tier-roles.js";
import { recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../store/databases.js";
import { useFakeGuild } from "../support/fake-guild.js";

const sqliteInMemory = testDatabases()[0] as TestDatabase;

describe("a tier an admin maps while create mode makes its role", () => {
  const store = useMigratedStore(sqliteInMemory);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });

  it("keeps the admin's role and leaves the bot's unmapped", async () => {
    const guildId = discord.guild.id;
    const deps = {
      db: store.db,
      rest: discord.rest,
      clock,
      logger: createLogger({ level: "silent" }),
      applicationId: discord.fake.applicationId,
    };
    await recordTierSighting(store.db, { tier: "master", rating: 2105, now: clock.now() });
    const admins = discord.fake.roles.create(guildId, { name: "Masters", position: 1 });
    const creates = discord.fake.holdResponses("POST", new RegExp(`^/guilds/${guildId}/roles$`));

    const pass = ensureTierRoles(deps, guildId);
    await creates.waitForCaught(1);
    await mapTierRole(store.db, {
      guildId,
      tier: "master",
      roleId: admins.id,
      createdByBot: false,
      now: clock.now(),
    });
    creates.release();
    const outcome = await pass;

    expect(outcome.created).toEqual([]);
    expect((await listTierRoles(store.db, guildId)).map((mapping) => [mapping.tier, mapping.roleId])).toEqual(
      [["master", admins.id]],
    );
    // The role the bot made is in the server, standing for no tier.
    expect(discord.fake.roles.list(guildId).filter((role) => role.name === "Master")).toHaveLength(1);
  });
});
