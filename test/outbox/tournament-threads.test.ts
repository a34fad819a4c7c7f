// A tournament's thread through the outbox (docs/architecture.md, "Posting"): its start post starts it once
// Discord has the post, its rating changes are summarised in it, and the summary archives it.
import { describe, expect, it } from "vitest";
import { ratingSummaryWindowMs } from "../../src/webhooks/rating-summary-rows.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { saveReminderSettings } from "../../src/store/reminder-settings.js";
import { sendDueReminders } from "../../src/store/due-reminders.js";
import { syncTournamentReminders } from "../../src/store/tournament-reminder-sync.js";
import { saveAdminChannel } from "../../src/store/guild-settings.js";
import { listThreadPauses } from "../../src/store/thread-pauses.js";
import { testDatabases } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { ratingChangedData, tournamentStartedData } from "../webhooks/support/payloads.js";
import { linkMember } from "../webhooks/support/seed.js";
import { useThreadWorld } from "./support/thread-world.js";

describe.each(testDatabases())("tournament threads on $name", (database) => {
  const { world, createWorker, deliver: ingest } = useThreadWorld(database);

  /** A channel routed tournament starts and rating changes, and a worker that posts there. */
  const contestChannel = async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "contests" });
    await createSubscription(world.db, {
      guildId: world.guild.id,
      channelId: channel.id,
      eventKinds: ["system.tournament_started", "user.rating_changed"],
      filters: {},
      createdBy: "200000000000000009",
      now: world.clock.now(),
    });
    return { channel, worker: createWorker() };
  };

  it("starts the thread from the start post, summarises the rating changes in it, then archives it", async () => {
    const { channel, worker } = await contestChannel();

    await ingest("system.tournament_started", tournamentStartedData({ id: "trn_7", title: "Spring Cup" }));
    await worker.runOnce();
    const [post] = world.fake.messages(channel.id);
    expect(post).toBeDefined();
    await worker.runOnce();
    const thread = world.fake.threads.ofMessage(post!.id);
    expect(thread?.name).toContain("Spring Cup");
    expect(world.fake.threads.list(world.guild.id)).toHaveLength(1);

    for (const [index, player] of ["usr_ada", "usr_bob"].entries()) {
      await linkMember(world.db, createTestSecretBox(), {
        guildId: world.guild.id,
        userId: `20000000000000000${index + 1}`,
        platformUserId: player,
      });
      await ingest("user.rating_changed", {
        ...ratingChangedData(player, 1500, 1520 + index),
        tournament_id: "trn_7",
      });
    }
    world.clock.advance(ratingSummaryWindowMs + 1);
    await worker.runOnce();
    // One summary, in the thread, not the channel.
    expect(world.fake.messages(channel.id)).toHaveLength(1);
    const inThread = world.fake.threads.messages(post!.id);
    expect(inThread).toHaveLength(1);
    expect(JSON.stringify(inThread[0]?.embeds)).toContain("2 members");
    await worker.runOnce();
    expect(world.fake.threads.ofMessage(post!.id)?.thread?.archived).toBe(true);
    const archives = await world.db
      .selectFrom("outbox")
      .select("status")
      .where("action", "=", "archive-thread")
      .execute();
    expect(archives).toEqual([{ status: "delivered" }]);
  });

  it("summarises in the channel the rating changes routed into a thread that was deleted before they went", async () => {
    const { channel, worker } = await contestChannel();
    await ingest("system.tournament_started", tournamentStartedData({ id: "trn_8", title: "Autumn Cup" }));
    await worker.runOnce();
    await worker.runOnce();
    const [post] = world.fake.messages(channel.id);
    expect(world.fake.threads.ofMessage(post!.id)).toBeDefined();

    // A moderator deletes the thread; the tournament's rating changes are then routed into it.
    world.fake.deleteChannel(post!.id);
    for (const [index, player] of ["usr_cy", "usr_di"].entries()) {
      await linkMember(world.db, createTestSecretBox(), {
        guildId: world.guild.id,
        userId: `20000000000000001${index + 1}`,
        platformUserId: player,
      });
      await ingest("user.rating_changed", {
        ...ratingChangedData(player, 1500, 1510 + index),
        tournament_id: "trn_8",
      });
    }
    world.clock.advance(ratingSummaryWindowMs + 1);
    await worker.runOnce();
    await worker.runOnce();

    // After the start post, one summary of both, in the channel.
    const posted = world.fake.messages(channel.id);
    expect(posted).toHaveLength(2);
    expect(JSON.stringify(posted[1]?.embeds)).toContain("2 members");
  });

  it("starts the thread from a tournament's first reminder, and posts the next reminder in it", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "reminders" });
    const worker = createWorker();
    const now = world.clock.now();
    const tournament = {
      id: "trn_9",
      startsAt: now + 60 * minute,
      title: "Night Cup",
      format: null,
      prize: null,
      participants: null,
      maxParticipants: null,
    };
    await saveReminderSettings(world.db, {
      guildId: world.guild.id,
      channelId: channel.id,
      leadMinutes: [30, 10],
      roleId: null,
      configuredBy: "200000000000000009",
      now,
    });
    await syncTournamentReminders(world.db, {
      guildId: world.guild.id,
      wanted: [30, 10].map((leadMinutes) => ({ tournament, leadMinutes })),
      openTournaments: [tournament],
      complete: true,
      now,
    });
    const sendDue = () =>
      sendDueReminders(world.db, { now: world.clock.now(), limit: 10, decide: () => ({ send: true }) });

    world.clock.advance(30 * minute);
    await sendDue();
    await worker.runOnce();
    const [first] = world.fake.messages(channel.id);
    await worker.runOnce();
    expect(world.fake.threads.ofMessage(first!.id)?.name).toContain("Night Cup");

    world.clock.advance(20 * minute);
    await sendDue();
    await worker.runOnce();
    expect(world.fake.messages(channel.id)).toHaveLength(1);
    expect(world.fake.threads.messages(first!.id)).toHaveLength(1);
    expect(world.fake.threads.list(world.guild.id)).toHaveLength(1);
  });

  it("posts in the channel, with its role, a reminder whose thread a moderator deleted or locked", async () => {
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const channel = world.fake.createChannel(world.guild.id, { name: "reminders" });
    const worker = createWorker();
    const now = world.clock.now();
    const role = "300000000000000001";
    const tournaments = ["Alpha", "Beta"].map((name, index) => ({
      id: `trn_1${index}`,
      startsAt: now + 60 * minute,
      title: `${name} Cup`,
      format: null,
      prize: null,
      participants: null,
      maxParticipants: null,
    }));
    await saveReminderSettings(world.db, {
      guildId: world.guild.id,
      channelId: channel.id,
      leadMinutes: [30, 10],
      roleId: role,
      configuredBy: "200000000000000009",
      now,
    });
    await syncTournamentReminders(world.db, {
      guildId: world.guild.id,
      wanted: tournaments.flatMap((tournament) =>
        [30, 10].map((leadMinutes) => ({ tournament, leadMinutes })),
      ),
      openTournaments: tournaments,
      complete: true,
      now,
    });
    const sendDue = () =>
      sendDueReminders(world.db, { now: world.clock.now(), limit: 10, decide: () => ({ send: true }) });
    world.clock.advance(30 * minute);
    await sendDue();
    await worker.runOnce();
    await worker.runOnce();
    const firsts = world.fake.messages(channel.id);
    expect(firsts).toHaveLength(2);
    expect(firsts.map((post) => world.fake.threads.ofMessage(post.id))).not.toContain(undefined);

    // One thread is deleted, the other locked, before the reminders 10 minutes ahead go into them.
    world.fake.deleteChannel(firsts[0]!.id);
    world.fake.threads.setArchived(firsts[1]!.id, false, { locked: true });
    world.clock.advance(20 * minute);
    await sendDue();
    // Each reminder fails on its thread, then goes to the channel: until the worker has nothing left to do.
    while ((await worker.runOnce()).length > 0);

    // Both reminders, in the channel, each pinging the role as it would have in the thread.
    const later = world.fake.messages(channel.id).slice(2);
    expect(later.map((post) => post.embeds[0]?.title)).toEqual([
      "⏰ Starting soon: Alpha Cup",
      "⏰ Starting soon: Beta Cup",
    ]);
    for (const post of later) {
      expect(post.content).toContain(`<@&${role}>`);
      expect(post.allowedMentions?.roles).toEqual([role]);
    }
    // A forgotten thread is not started again from the reminder posted in the channel.
    expect(later.map((post) => world.fake.threads.ofMessage(post.id))).toEqual(later.map(() => undefined));
  });

  it("asks for /setup reminders set, not /subscribe, to resume threads refused in the reminder channel", async () => {
    const admin = world.fake.createChannel(world.guild.id, { name: "bot-admin" });
    await saveAdminChannel(world.db, {
      guildId: world.guild.id,
      adminChannelId: admin.id,
      now: world.clock.now(),
    });
    // The bot may post, but not start threads, in the channel kept for reminders.
    const channel = world.fake.createChannel(world.guild.id, { name: "reminders" });
    const worker = createWorker();
    const now = world.clock.now();
    const settings = {
      guildId: world.guild.id,
      channelId: channel.id,
      leadMinutes: [30],
      roleId: null,
      configuredBy: "200000000000000009",
    };
    await saveReminderSettings(world.db, { ...settings, now });
    const remindOf = async (id: string) => {
      const tournament = { id, startsAt: world.clock.now() + 31 * minute, title: `Cup ${id}` };
      const details = { format: null, prize: null, participants: null, maxParticipants: null };
      await syncTournamentReminders(world.db, {
        guildId: world.guild.id,
        wanted: [{ tournament: { ...tournament, ...details }, leadMinutes: 30 }],
        openTournaments: [{ ...tournament, ...details }],
        complete: false,
        now: world.clock.now(),
      });
      world.clock.advance(minute);
      await sendDueReminders(world.db, { now: world.clock.now(), limit: 10, decide: () => ({ send: true }) });
      while ((await worker.runOnce()).length > 0);
    };

    await remindOf("trn_20");
    expect(await listThreadPauses(world.db, world.guild.id)).toMatchObject([{ channelId: channel.id }]);
    const notices = world.contents(admin.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("run `/setup reminders set` again");
    expect(notices[0]).not.toContain("/subscribe");

    // Granted, and the reminders set again: the next tournament's reminder starts its thread.
    world.fake.roles.grantBot(world.guild.id, ["CreatePublicThreads", "SendMessagesInThreads"]);
    await saveReminderSettings(world.db, { ...settings, now: world.clock.now() });
    expect(await listThreadPauses(world.db, world.guild.id)).toEqual([]);
    await remindOf("trn_21");
    const last = world.fake.messages(channel.id).at(-1);
    expect(world.fake.threads.ofMessage(last!.id)?.name).toContain("Cup trn_21");
  });
});

const minute = 60_000;
