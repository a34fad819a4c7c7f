// Tier roles a test's server starts with: a role made on the fake Discord for each name, mapped to the tier of
// that name in lower case (`Gold` → gold), in map mode.
import type { Kysely } from "kysely";
import type { Database } from "../../../src/store/database.js";
import { saveRoleSyncMode } from "../../../src/store/guild-role-settings.js";
import { mapTierRole } from "../../../src/store/tier-roles.js";
import type { FakeGuildWorld } from "../../support/fake-guild.js";

export async function mapTiersToNewRoles(
  db: Kysely<Database>,
  discord: Pick<FakeGuildWorld, "fake" | "guild">,
  names: readonly string[],
  now: number,
): Promise<void> {
  await saveRoleSyncMode(db, { guildId: discord.guild.id, mode: "map", now });
  for (const name of names) {
    const role = discord.fake.roles.create(discord.guild.id, { name, position: 1 });
    await mapTierRole(db, {
      guildId: discord.guild.id,
      tier: name.toLowerCase(),
      roleId: role.id,
      createdByBot: false,
      now,
    });
  }
}
