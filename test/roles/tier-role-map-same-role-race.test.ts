// docs/architecture.md, "Tier roles": one role stands for one tier, and `/setup roles map` refuses a role that
// already stands for another. Two admins mapping one role to two tiers at once on PostgreSQL each read the role
// free; the second's insert then failed on the role's key once the first committed ("Something went wrong").
// The map is now held for the server before it is read again (src/store/tier-roles.ts, holdGuildTierRoles),
// so the second waits for the first and is refused as if it had come later. (SQLite runs one writer at a
// time, so there the two cannot interleave.)
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { BotDependencies } from "../../src/commands/bot-dependencies.js";
import { mapTierToRole } from "../../src/commands/setup/sub/roles/map.js";
import { UserFacingError } from "../../src/discord/user-facing-error.js";
import { createLogger } from "../../src/logger.js";
import { holdGuildTierRoles, listTierRoles, mapTierRole } from "../../src/store/tier-roles.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { holdOpen, waitsForTheChange } from "../store/support/held-transaction.js";
import { useFakeGuild } from "../support/fake-guild.js";

const postgresDatabases = testDatabases().filter((database) => database.dialect === "postgres");
const secretBox = createTestSecretBox();

// Skipped, not empty, without TEST_DATABASE_URL: a file with no suite at all fails the run.
describe.skipIf(postgresDatabases.length === 0)("one role mapped to two tiers at once", () => {
  describe.each(postgresDatabases)("on $name", (database) => {
    const store = useMigratedStore(database);
    const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
    const discord = useFakeGuild({ permissions: ["ManageRoles"] });
    const deps = () =>
      ({
        db: store.db,
        clock,
        secretBox,
        rest: discord.rest,
        applicationId: discord.fake.applicationId,
        logger: createLogger({ level: "silent" }),
      }) as unknown as BotDependencies;

    it("refuses the second admin's map once the first's commits, and keeps the first's", async () => {
      const guildId = discord.guild.id;
      const role = discord.fake.roles.create(guildId, { name: "Champions", position: 1 });
      // The first admin's `/setup roles map tier:gold`, its transaction holding the map as the command's does:
      // not yet committed.
      const first = await holdOpen(store.db, async (trx) => {
        await holdGuildTierRoles(trx, guildId);
        await mapTierRole(trx, {
          guildId,
          tier: "gold",
          roleId: role.id,
          createdByBot: false,
          now: clock.now(),
        });
      });
      const second = mapTierToRole(deps(), { guildId, tier: "master", roleId: role.id });
      // Settled here so a rejection before the commit is not reported as unhandled.
      const outcome = second.then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      );
      expect(await waitsForTheChange(store.db, first.pid, second)).toBe("waiting for the change");
      await first.commit();

      const settled = await outcome;
      expect(settled).toEqual({ error: expect.any(UserFacingError) as unknown });
      expect(settled).toMatchObject({
        error: {
          message: `<@&${role.id}> is already tier **Gold**'s role, and one role stands for one tier. Pick another role, or first take it from tier **Gold** with \`/setup roles map\` naming that tier and no role.`,
        },
      });
      expect(await listTierRoles(store.db, guildId)).toMatchObject([{ tier: "gold", roleId: role.id }]);
    });
  });
});
