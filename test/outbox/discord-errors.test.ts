import { describe, expect, it } from "vitest";
import { findReminderSettings, saveReminderSettings } from "../../src/store/reminder-settings.js";
import { findSubscription } from "../../src/store/subscriptions.js";
import { testDatabases } from "../store/databases.js";
import { useOutboxWorld } from "./support/outbox-world.js";

describe.each(testDatabases())("Discord's errors on $name", (database) => {
  const world = useOutboxWorld(database);
  const createAdminChannel = () => world.createAdminChannel();
  const subscriptionStatus = async (id: string) =>
    (await findSubscription(world.db, { guildId: world.guild.id, id }))?.status;

  it("disables a deleted channel's subscriptions and dead-letters every row pending for it", async () => {
    const deleted = await world.subscribeChannel("old-battles");
    const healthy = await world.subscribeChannel("battles");
    const rows = [await world.enqueuePost(deleted), await world.enqueuePost(deleted)];
    const healthyRow = await world.enqueuePost(healthy);
    world.fake.deleteChannel(deleted.channelId);

    const results = await world.createWorker().runOnce();

    expect(await subscriptionStatus(deleted.subscriptionId)).toBe("disabled");
    expect(await subscriptionStatus(healthy.subscriptionId)).toBe("active");
    for (const id of rows) {
      expect(await world.entry(id)).toMatchObject({
        status: "dead",
        lastError: expect.stringContaining("10003"),
      });
    }
    expect(await world.entry(healthyRow)).toMatchObject({ status: "delivered" });
    // The second row of the deleted channel is dropped without another request to Discord.
    expect(world.fake.stats.requestsByRoute.get("POST /channels/:channelId/messages")).toBe(2);
    expect(results.map((result) => result.outcome).sort()).toEqual(["dead", "dead", "delivered"]);
  });

  it("dead-letters only the edit whose battle card was deleted", async () => {
    const target = await world.subscribeChannel("battles");
    const worker = world.createWorker();
    await world.enqueuePost(target);
    const [card] = await worker.runOnce();
    // A moderator deletes the card.
    await world.createRest().delete(`/channels/${target.channelId}/messages/${card?.messageId ?? ""}`);
    const edit = await world.enqueueEdit(target.channelId, card?.messageId ?? "");
    const laterPost = await world.enqueuePost(target);

    await worker.runOnce();

    expect(await world.entry(edit)).toMatchObject({
      status: "dead",
      attempts: 1,
      lastError: "404 Unknown Message (10008)",
    });
    expect(await world.entry(laterPost)).toMatchObject({ status: "delivered" });
    expect(await subscriptionStatus(target.subscriptionId)).toBe("active");
  });

  it("pauses a channel the bot lost access to and tells the admin channel once", async () => {
    const admin = await createAdminChannel();
    const closed = await world.subscribeChannel("battles");
    const rows = [
      await world.enqueuePost(closed),
      await world.enqueuePost(closed),
      await world.enqueuePost(closed),
    ];
    world.fake.denyChannelAccess(closed.channelId, "missing-permissions");
    const worker = world.createWorker();

    await worker.runOnce();
    // A battle card edit in the same channel, later: paused already, so no second notice.
    const edit = await world.enqueueEdit(closed.channelId, "1300000000000000001");
    await worker.runOnce();

    expect(await subscriptionStatus(closed.subscriptionId)).toBe("paused");
    for (const id of [...rows, edit]) expect(await world.entry(id)).toMatchObject({ status: "dead" });
    const notices = world.contents(admin.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`<#${closed.channelId}>`);
    expect(notices[0]).toContain("403 Missing Permissions (50013)");
    // One refusal, and the channel's other rows were never sent: each would be another request Discord counts
    // towards its invalid-request limit.
    expect(world.fake.stats.invalidRequests).toBe(1);
    // There is no resume command of its own: /subscribe on the channel resumes it (docs/operations.md).
    expect(notices[0]).toContain("then run `/subscribe` on that channel to turn its announcements back on");
    expect(world.fake.messages(admin.id)[0]?.allowedMentions).toEqual({ parse: [] });
  });

  it("tells the admins once when tournament reminders cannot be posted in their channel, until saved again", async () => {
    const admin = await createAdminChannel();
    // Reminders only: no subscription there to pause.
    const contests = world.fake.createChannel(world.guild.id, { name: "contests" });
    const settings = {
      guildId: world.guild.id,
      channelId: contests.id,
      leadMinutes: [10],
      roleId: null,
      configuredBy: "100000000000000009",
      now: world.clock.now(),
    };
    await saveReminderSettings(world.db, settings);
    const reminder = () => world.enqueueReminderPost(contests.id);
    world.fake.denyChannelAccess(contests.id, "missing-access");
    const worker = world.createWorker();

    const first = await reminder();
    await worker.runOnce();
    const second = await reminder();
    await worker.runOnce();

    for (const id of [first, second]) expect(await world.entry(id)).toMatchObject({ status: "dead" });
    expect((await findReminderSettings(world.db, world.guild.id))?.channelProblem).toBe(
      "403 Missing Access (50001)",
    );
    const notices = world.contents(admin.id);
    expect(notices).toEqual([
      `I can no longer post tournament reminders in <#${contests.id}> (403 Missing Access (50001)). Give me View Channel, Send Messages and Embed Links there, or pick another channel, then run \`/setup reminders set\` again.`,
    ]);

    // The channel opened again, a reminder posted there ends the problem; the next refusal is told again.
    world.fake.restoreChannelAccess(contests.id);
    await reminder();
    await worker.runOnce();
    expect(world.contents(contests.id)).toHaveLength(1);
    expect((await findReminderSettings(world.db, world.guild.id))?.channelProblem).toBeNull();
    world.fake.denyChannelAccess(contests.id, "missing-permissions");
    await reminder();
    await worker.runOnce();
    expect(world.contents(admin.id)).toHaveLength(2);

    // Saving the settings clears it too.
    await saveReminderSettings(world.db, settings);
    expect((await findReminderSettings(world.db, world.guild.id))?.channelProblem).toBeNull();
  });

  it("tells the admins once when the tournament reminders' channel was deleted, and to pick another", async () => {
    const admin = await createAdminChannel();
    const contests = world.fake.createChannel(world.guild.id, { name: "contests" });
    await saveReminderSettings(world.db, {
      guildId: world.guild.id,
      channelId: contests.id,
      leadMinutes: [10],
      roleId: null,
      configuredBy: "100000000000000009",
      now: world.clock.now(),
    });
    world.fake.deleteChannel(contests.id);
    const worker = world.createWorker();

    const first = await world.enqueueReminderPost(contests.id);
    await worker.runOnce();
    const second = await world.enqueueReminderPost(contests.id);
    await worker.runOnce();

    for (const id of [first, second]) expect(await world.entry(id)).toMatchObject({ status: "dead" });
    expect((await findReminderSettings(world.db, world.guild.id))?.channelProblem).toBe(
      "channel deleted: 404 Unknown Channel (10003)",
    );
    expect(world.contents(admin.id)).toEqual([
      `I can no longer post tournament reminders in <#${contests.id}>: the channel was deleted (404 Unknown Channel (10003)). Run \`/setup reminders set\` with another channel.`,
    ]);
  });

  it("pauses the channel and logs the notice when the server has no admin channel", async () => {
    const closed = await world.subscribeChannel("battles");
    const id = await world.enqueuePost(closed);
    world.fake.denyChannelAccess(closed.channelId, "missing-access");

    await world.createWorker().runOnce();

    expect(await subscriptionStatus(closed.subscriptionId)).toBe("paused");
    expect(await world.entry(id)).toMatchObject({
      status: "dead",
      lastError: expect.stringContaining("50001"),
    });
    expect(world.logs).toContainEqual(
      expect.objectContaining({
        channelId: closed.channelId,
        msg: "paused a channel's announcements; the server has no admin channel to tell",
      }),
    );
  });

  it("keeps the pause when the admin channel cannot take the notice either", async () => {
    const admin = await createAdminChannel();
    world.fake.deleteChannel(admin.id);
    const closed = await world.subscribeChannel("battles");
    await world.enqueuePost(closed);
    world.fake.denyChannelAccess(closed.channelId, "missing-access");

    const [result] = await world.createWorker().runOnce();

    expect(result?.outcome).toBe("dead");
    expect(await subscriptionStatus(closed.subscriptionId)).toBe("paused");
    expect(world.logs).toContainEqual(
      expect.objectContaining({
        msg: "paused a channel's announcements but could not tell the admin channel",
      }),
    );
  });

  it("dead-letters a message Discord rejects, since no retry can fix it", async () => {
    const target = await world.subscribeChannel("battles");
    const id = await world.enqueuePost(target, { empty: true });

    const [result] = await world.createWorker().runOnce();

    expect(result).toMatchObject({ outcome: "dead", reason: "400 Cannot send an empty message (50006)" });
    expect(await world.entry(id)).toMatchObject({ status: "dead", attempts: 1 });
    expect(await subscriptionStatus(target.subscriptionId)).toBe("active");
  });

  it("stops all sending when Discord refuses the token, counting no attempt", async () => {
    const target = await world.subscribeChannel("battles");
    const other = await world.subscribeChannel("results");
    // Rows of two channels are in flight together; the second channel's row queues behind the first.
    const ids = [
      await world.enqueuePost(target),
      await world.enqueuePost(other),
      await world.enqueuePost(target),
    ];
    const worker = world.createWorker({ rest: world.createRest({}, "not-the-bot-token") });

    await worker.runOnce();
    const later = await worker.runOnce();

    expect(worker.state).toBe("stopped");
    expect(worker.stoppedReason).toBe("Discord refused the bot token (401 401: Unauthorized (0))");
    expect(later).toEqual([]);
    for (const id of ids) {
      expect(await world.entry(id)).toMatchObject({ status: "pending", attempts: 0, leaseOwner: null });
    }
    expect(world.fake.stats.channelMessagesCreated).toBe(0);
    expect(world.logs).toContainEqual(expect.objectContaining({ level: 60 }));
    expect(JSON.stringify(world.logs)).not.toContain("not-the-bot-token");
  });
});
