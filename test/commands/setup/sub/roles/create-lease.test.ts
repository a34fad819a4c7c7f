// docs/architecture.md, "Tier roles": `/setup roles create` makes its roles under the server's lease, and once
// that lease has ended while it waited on Discord it makes no more roles: the role worker (here or on another
// instance) may hold the work by then, and both making roles would leave the server two roles of one tier.
// The admin is told what was made and that the rest follow in the background. On SQLite, whose lease clock
// is the test's.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../../../../src/clock.js";
import type { BotDependencies } from "../../../../../src/commands/bot-dependencies.js";
import { runRolesCreate } from "../../../../../src/commands/setup/sub/roles/create.js";
import type { SubcommandContext } from "../../../../../src/commands/setup/setup-arguments.js";
import type { Reply } from "../../../../../src/discord/interaction-responder.js";
import { createLogger } from "../../../../../src/logger.js";
import { createTestRoleWorker } from "../../../../roles/support/test-role-worker.js";
import { listTierRoles } from "../../../../../src/store/tier-roles.js";
import { recordTierSighting } from "../../../../../src/store/tiers.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../../../../store/databases.js";
import { createTestSecretBox } from "../../../../store/secret-box-fixture.js";
import { useFakeGuild } from "../../../../support/fake-guild.js";

const sqliteInMemory = testDatabases()[0] as TestDatabase;

describe("/setup roles create when its lease ends while Discord makes a role", () => {
  const store = useMigratedStore(sqliteInMemory);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });

  it("makes no more roles once the role worker may hold the work, and says the rest follow", async () => {
    for (const [tier, rating] of [
      ["gold", 1450],
      ["master", 2105],
    ] as const) {
      await recordTierSighting(store.db, { tier, rating, now: clock.now() });
    }
    const deps = {
      db: store.db,
      clock,
      rest: discord.rest,
      logger: createLogger({ level: "silent" }),
      applicationId: discord.fake.applicationId,
      secretBox: createTestSecretBox(),
      // The operator's webhook feeds every server, so the answer has no webhook to warn about.
      config: { platform: { webhookSecret: "operator-webhook-secret" } },
    } as unknown as BotDependencies;
    const replies: Reply[] = [];
    const context = {
      actor: { guildId: discord.guild.id, userId: "200000000000000002" },
      interactionId: "900000000000000009",
      responder: {
        reply: (reply: Reply) => {
          replies.push(reply);
          return Promise.resolve();
        },
      },
    } as unknown as SubcommandContext;

    // Discord makes the first role (Master, the highest tier) but its answer comes late: past the lease.
    const made = discord.fake.holdResponses("POST", new RegExp(`^/guilds/${discord.guild.id}/roles$`));
    const create = runRolesCreate(deps, context);
    await made.waitForCaught(1);
    clock.advance(121_000);
    // Meanwhile the role worker of another instance takes the server's work over.
    const worker = createTestRoleWorker({
      db: store.db,
      rest: discord.newClient(),
      clock,
      applicationId: discord.fake.applicationId,
      owner: "worker-2",
    });
    const working = worker.runOnce();
    await made.waitForCaught(2);
    made.release();
    await Promise.all([create, working]);

    const names = discord.fake.roles.list(discord.guild.id).map((role) => role.name);
    expect(names.filter((name) => name === "Gold")).toHaveLength(1);
    expect(names.filter((name) => name === "Master")).toHaveLength(1);
    expect((await listTierRoles(store.db, discord.guild.id)).map((mapping) => mapping.tier)).toEqual([
      "gold",
      "master",
    ]);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.ephemeral).toBe(true);
    expect(replies[0]?.content).toContain("the rest follow in the background");
  });
});
