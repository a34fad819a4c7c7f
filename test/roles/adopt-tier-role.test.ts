// docs/architecture.md, "Tier roles": create mode takes over a role with the tier's name only when it is one the
// bot made (work redone after a crash): no permissions, the tier's colour, below the bot's highest role. A
// server's own role that happens to bear a tier's name (a staff role "Master") is left alone: taken over, the
// bot would give its permissions to every member of the tier and take it from everyone else.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { pickTierColour } from "../../src/display/tier.js";
import { createLogger } from "../../src/logger.js";
import { ensureTierRoles } from "../../src/roles/ensure-tier-roles.js";
import { listTierRoles } from "../../src/store/tier-roles.js";
import { recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../store/databases.js";
import { useFakeGuild } from "../support/fake-guild.js";

const sqliteInMemory = testDatabases()[0] as TestDatabase;

describe("taking over a role with a tier's name", () => {
  const store = useMigratedStore(sqliteInMemory);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });

  const ensure = async () => {
    await recordTierSighting(store.db, { tier: "master", rating: 2105, now: clock.now() });
    return ensureTierRoles(
      {
        db: store.db,
        rest: discord.rest,
        clock,
        logger: createLogger({ level: "silent" }),
        applicationId: discord.fake.applicationId,
      },
      discord.guild.id,
    );
  };

  it.each([
    [
      "with permissions",
      { position: 1, permissions: ["ManageMessages"] as const, color: pickTierColour("master") },
    ],
    ["of another colour", { position: 1, color: 0x123456 }],
    ["above my role", { color: pickTierColour("master") }],
  ])("makes a role of its own beside a server role %s", async (_, shape) => {
    const staff = discord.fake.roles.create(discord.guild.id, { name: "Master", ...shape });

    const outcome = await ensure();
    expect(outcome.adopted).toEqual([]);
    const [mapping] = await listTierRoles(store.db, discord.guild.id);
    expect(mapping?.roleId).not.toBe(staff.id);
    expect(outcome.created).toEqual([{ tier: "master", roleId: mapping?.roleId }]);
  });

  it("takes over the role it made before, without permissions and in the tier's colour", async () => {
    const made = discord.fake.roles.create(discord.guild.id, {
      name: "Master",
      position: 1,
      color: pickTierColour("master"),
      permissions: [],
    });

    const outcome = await ensure();
    expect(outcome).toMatchObject({ created: [], adopted: [{ tier: "master", roleId: made.id }] });
  });
});
