// A tier role's create whose answer is lost after Discord made the role (a 502 on the way back): the bot sends a
// create once (its REST for creates, retries: 0, build-dependencies.ts), so the role is not made twice; the next
// run takes over the role it made (docs/architecture.md, "Tier roles"). The answer is lost by an HTTP proxy on
// 127.0.0.1 in front of the fake Discord.
import { REST } from "@discordjs/rest";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createLogger } from "../../src/logger.js";
import { ensureTierRoles } from "../../src/roles/ensure-tier-roles.js";
import { listTierRoles } from "../../src/store/tier-roles.js";
import { recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../store/databases.js";
import { useAnswerDroppingProxy } from "../support/answer-dropping-proxy.js";
import { useFakeGuild } from "../support/fake-guild.js";

const sqliteInMemory = testDatabases()[0] as TestDatabase;

describe("a tier role's create answer lost", () => {
  const store = useMigratedStore(sqliteInMemory);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });
  const dropping = useAnswerDroppingProxy(() => discord.fake.apiUrl);

  it("makes the role once, and takes it over at the next run", async () => {
    const proxy = dropping.current;
    const api = `${proxy.origin}/api`;
    const deps = {
      db: store.db,
      rest: new REST({ api }).setToken(discord.fake.botToken),
      restForCreates: new REST({ api, retries: 0 }).setToken(discord.fake.botToken),
      clock,
      logger: createLogger({ level: "silent" }),
      applicationId: discord.fake.applicationId,
    };
    await recordTierSighting(store.db, { tier: "master", rating: 2105, now: clock.now() });
    const masters = () => discord.fake.roles.list(discord.guild.id).filter((role) => role.name === "Master");
    proxy.dropNext((method, path) => method === "POST" && path.endsWith("/roles"));

    await expect(ensureTierRoles(deps, discord.guild.id)).rejects.toThrow();
    expect(proxy.dropped).toBe(1);
    expect(masters()).toHaveLength(1);

    const outcome = await ensureTierRoles(deps, discord.guild.id);
    expect(outcome.created).toEqual([]);
    expect(outcome.adopted).toEqual([{ tier: "master", roleId: masters()[0]?.id }]);
    expect(masters()).toHaveLength(1);
    expect((await listTierRoles(store.db, discord.guild.id)).map((mapping) => mapping.roleId)).toEqual([
      masters()[0]?.id,
    ]);
  });
});
