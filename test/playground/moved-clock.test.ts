// The Platform panel moves one clock, the sandbox's, which the bot and the fake Discord read too
// (playground/README.md, "One clock"): an event is judged against the moved time as a deployment judges it
// (src/webhooks/future-event.ts), a reminder that the move made due is posted, and posts and the page's
// relative timestamps carry the moved time.
import { describe, expect, it } from "vitest";
import { listScheduledReminders } from "../../src/store/tournament-reminders.js";
import { useWebPlayground } from "./web-playground.js";

const minute = 60_000;
const day = 24 * 60 * minute;

describe("the playground with its clock moved ahead", () => {
  const { running, post } = useWebPlayground();

  function tournamentStarted(id: string, created: number): string {
    return JSON.stringify({
      id: `evt_moved_clock_${id}`,
      event: "tournament.started",
      created: new Date(created).toISOString(),
      data: { object: "tournament", id: `trn_moved_clock_${id}`, name: "Night Cup", format: "swiss" },
    });
  }

  const clockNow = () => running().playground.sandbox.clock.now();

  it("judges an event's date against the moved clock, as a deployment does", async () => {
    const before = Date.now();
    const moved = await post("/api/platform/clock", { seconds: day / 1000 });
    expect(moved.said).toMatch(/^The clock moved 86400 s ahead, to .*: the platform, the bot and Discord's/);
    expect(moved.now).toBeGreaterThanOrEqual(before + day);

    const atMovedTime = await post("/api/platform/events", {
      kind: "tournament.started",
      payload: tournamentStarted("1", clockNow()),
    });
    expect(atMovedTime).toMatchObject({ status: 200 });
    expect(["accepted", "ignored"]).toContain(atMovedTime.outcome);
    const dayAhead = await post("/api/platform/events", {
      kind: "tournament.started",
      payload: tournamentStarted("2", clockNow() + day),
    });
    expect(dayAhead).toMatchObject({ status: 425, outcome: "future" });
    expect(dayAhead.said).toMatch(/too early\. It is dated more than a few minutes ahead of the bot's clock/);
  });

  it("gives the page the moved clock's time to read relative timestamps against", async () => {
    const response = await fetch(new URL("/api/world", running().web.url));
    const world = (await response.json()) as { now: number };
    expect(world.now).toBeGreaterThanOrEqual(Date.now() + day - minute);
    expect(Math.abs(world.now - clockNow())).toBeLessThan(minute);
  });

  it("posts a tournament reminder as soon as a move of the clock makes it due", async () => {
    const { playground } = running();
    const { discord, sandbox, guildId, bot } = playground;
    const admin = playground.members.get("admin")!.user.id;
    const general = playground.channels.get("general")!;
    const announcements = playground.channels.get("announcements")!;
    const startsAt = clockNow() + 3 * 60 * minute;
    const tournament = sandbox.control.createTournament({
      title: "Moved Cup",
      startTime: startsAt,
      durationMinutes: 60,
      format: "elimination",
      difficulty: "easy",
      maxParticipants: 16,
      prize: "$100",
    });

    const prompt = await discord
      .runCommandLine({ guildId, channelId: general, userId: admin, line: "/link" })
      .waitForFinal();
    const press = discord.pressButton({ message: prompt, customId: "link:api-key", userId: admin });
    await press.modal(10_000);
    const linked = await discord
      .submitModal({ from: press, fields: { key: playground.platformKeyOf("admin") ?? "" } })
      .waitForFinal();
    expect(linked.content).toContain("Linked as");
    const set = await discord
      .runCommandLine({
        guildId,
        channelId: general,
        userId: admin,
        line: "/setup reminders set channel:#announcements before:1h",
      })
      .waitForFinal();
    expect(set.content).toContain("Tournament reminders are on");

    // Scheduled an hour before the start, two hours from now on the moved clock: nothing is posted yet.
    const dueAt = startsAt - 60 * minute;
    // The settings' first read of the open tournaments queues it; on a busy machine that takes a while.
    await expect
      .poll(
        async () =>
          (await listScheduledReminders(bot.deps.db, guildId))
            .filter((reminder) => reminder.tournament.id === tournament.id)
            .map((reminder) => reminder.dueAt),
        { timeout: 10_000 },
      )
      .toEqual([dueAt]);
    const reminderPosts = () =>
      discord
        .messages(announcements)
        .filter((message) =>
          JSON.stringify(message.components).includes(`tournament:register:${tournament.id}`),
        );
    expect(reminderPosts()).toEqual([]);

    // A minute past its due time: still worth sending (src/reminders/reminder-timing.ts).
    await post("/api/platform/clock", { seconds: Math.ceil((dueAt - clockNow()) / 1000) + 60 });
    await expect.poll(() => reminderPosts().length, { timeout: 10_000 }).toBe(1);
    const [reminder] = reminderPosts();
    expect(reminder!.content).toContain(`**Moved Cup** starts <t:${String(Math.floor(startsAt / 1000))}:R>`);
    // Discord's timestamp for the post is on the moved clock too.
    expect(reminder!.createdAt).toBeGreaterThanOrEqual(dueAt);
  });
});
