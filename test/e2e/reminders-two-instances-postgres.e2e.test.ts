// docs/architecture.md, "Tournament reminders", "Growing past one machine": two bot instances on one
// PostgreSQL, both reading open tournaments every second and both looking for due reminders, each instance
// running one of the two gateway shards. Each reminder is posted once: one instance wins each read, and a due
// reminder is marked sent in the commit that queues its post, under SKIP LOCKED.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningBot } from "../../src/bot/build-bot.js";
import { postgresUrl } from "../store/databases.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import {
  createFreshPostgresDatabase,
  type FreshPostgresDatabase,
} from "./support/fresh-postgres-database.js";
import {
  createSandboxFollowingClock,
  createTournament,
  expectReminderPost,
  moveTo,
  reminderPosts,
  waitForReminderPosts,
  waitForScheduled,
} from "./support/reminder-world.js";
import { waitUntil } from "./support/wait-until.js";

const minute = 60_000;

describe.skipIf(postgresUrl === undefined)(
  "tournament reminders from two instances on one PostgreSQL (runs only when TEST_DATABASE_URL is set)",
  () => {
    const following = createSandboxFollowingClock();
    let database: FreshPostgresDatabase;
    let world: EndToEnd;
    let instances: RunningBot[];
    let channelId: string;
    let roleId: string;

    beforeAll(async () => {
      database = await createFreshPostgresDatabase(postgresUrl!, "reminders");
      world = await startEndToEnd({
        env: {
          DATABASE_URL: database.url,
          TOURNAMENT_POLL_SECONDS: "1",
          SHARD_COUNT: "2",
          SHARD_IDS: "0",
          DISCORD_GLOBAL_RATE_LIMIT: "25",
        },
        guildShard: [0, 2],
        startOptions: { clock: following.clock },
      });
      following.follow(world);
      instances = [world.bot, await world.startAnotherBot({ SHARD_IDS: "1" })];
      const keys = world.sandbox.keys.filter((key) => key.level !== "read");
      await linkMember(world, world.members.admin.id, keys[0]?.key ?? "");
      channelId = world.discord.createChannel(world.guildId, { name: "contests" }).id;
      world.discord.roles.grantBot(world.guildId, ["ManageRoles"]);
      roleId = world.discord.roles.create(world.guildId, { name: "Contest pings", position: 1 }).id;
      const set = await world.discord
        .runCommand({
          guildId: world.guildId,
          channelId: world.channelId,
          userId: world.members.admin.id,
          name: "setup",
          subcommandGroup: "reminders",
          subcommand: "set",
          options: { channel: channelId, before: "10m, 1m", role: roleId },
        })
        .waitForFinal();
      expect(set.content).toContain("Tournament reminders are on");
    }, 60_000);
    afterAll(async () => {
      await world.close();
      await database.drop();
    });

    it("posts each reminder once", async () => {
      const { id, startsAt } = createTournament(world, { title: "Twin Cup", secondsAhead: 11 * 60 });
      await waitForScheduled(world, world.bot.deps.db, id, [startsAt - 10 * minute, startsAt - minute]);

      for (const [count, dueAt] of [
        [1, startsAt - 10 * minute],
        [2, startsAt - minute],
      ] as const) {
        await moveTo(world, dueAt);
        // Both instances look at the same moment, besides their own loops doing so every second.
        await Promise.all(instances.map((instance) => instance.reminders.runOnce()));
        const posts = await waitForReminderPosts(world, channelId, id, count);
        expectReminderPost(posts[count - 1]!, { roleId, startsAt, title: "Twin Cup", seatsLeft: "16 of 16" });
        // Another second of both loops and both outbox workers, and still no second post.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await Promise.all(instances.map((instance) => instance.outbox.runOnce()));
        expect(reminderPosts(world, channelId, id)).toHaveLength(count);
      }
      // A row is marked delivered just after Discord has its post (its source hears of the post first).
      const readRows = () =>
        world.bot.deps.db.selectFrom("outbox").select(["status"]).where("source", "=", "reminder").execute();
      await waitUntil(async () => (await readRows()).every((row) => row.status === "delivered"), {
        timeoutMs: 10_000,
        what: "both reminders' rows to be marked delivered",
      });
      expect(await readRows()).toEqual([{ status: "delivered" }, { status: "delivered" }]);
    });
  },
);
