// Mapping a tier's role while another map of the same tier is under way on PostgreSQL
// (src/store/tier-roles.ts, mapTierRole): `/setup roles map` beside the bot making the tier's role in create
// mode, or two admins. The later map used to fail on the tier's key once the earlier committed; now an
// admin's map writes over the other and the bot's leaves an admin's choice standing. (SQLite runs one writer
// at a time, and `/setup roles map` maps in one transaction, so there they cannot interleave.)
import { describe, expect, it } from "vitest";
import { listTierRoles, mapTierRole } from "../../src/store/tier-roles.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { holdOpen, waitsForTheChange } from "./support/held-transaction.js";
import { guildA } from "./support/tier-role-fixtures.js";
import { testNow } from "./secret-box-fixture.js";

const postgresDatabases = testDatabases().filter((database) => database.dialect === "postgres");

// Skipped, not empty, without TEST_DATABASE_URL: a file with no suite at all fails the run.
describe.skipIf(postgresDatabases.length === 0)("a tier's role mapped twice at once", () => {
  describe.each(postgresDatabases)("on $name", (database) => {
    const store = useMigratedStore(database);
    const mapping = async () =>
      (await listTierRoles(store.db, guildA)).map((role) => [role.tier, role.roleId, role.createdByBot]);

    async function mapDuringAdminMap(roleId: string, ifUnmapped: boolean) {
      // `/setup roles map gold` mapping r-admin, not yet committed.
      const admin = await holdOpen(store.db, (trx) =>
        mapTierRole(trx, {
          guildId: guildA,
          tier: "gold",
          roleId: "r-admin",
          createdByBot: false,
          now: testNow,
        }),
      );
      const other = mapTierRole(store.db, {
        guildId: guildA,
        tier: "gold",
        roleId,
        createdByBot: ifUnmapped,
        now: testNow + 1,
        ifUnmapped,
      });
      // Settled here so a rejection before the commit is not reported as unhandled.
      const outcome = other.then(
        (mapped) => ({ mapped }),
        (error: unknown) => ({ error }),
      );
      expect(await waitsForTheChange(store.db, admin.pid, other)).toBe("waiting for the change");
      await admin.commit();
      return outcome;
    }

    it("leaves the admin's role when the bot maps the role it made for the tier meanwhile", async () => {
      expect(await mapDuringAdminMap("r-bot", true)).toEqual({ mapped: false });
      expect(await mapping()).toEqual([["gold", "r-admin", false]]);
    });

    it("keeps the later of two admins' maps", async () => {
      expect(await mapDuringAdminMap("r-second", false)).toEqual({ mapped: true });
      expect(await mapping()).toEqual([["gold", "r-second", false]]);
    });
  });
});
