// docs/architecture.md, "Tournament reminders", end to end: a reminder whose post Discord held back (its
// message route answering 503) while the tournament's start moved is not posted with the old start once Discord
// is back; the reminder of the new start posts at its own time, showing that start. One held back while its
// tournament left the open list (withdrawn) is not posted at all: it would ping the role for nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTournamentReminder, queuedPostGone } from "../../src/store/tournament-reminders.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { memberCommands } from "./support/member-commands.js";
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
const postMessage = "POST /channels/:channelId/messages";

describe("a tournament reminder held back by a Discord outage while its start moved", () => {
  const following = createSandboxFollowingClock();
  let world: EndToEnd;
  let reminderChannel: string;
  let roleId: string;

  const run = memberCommands(() => world);

  /** The outbox rows of the tournament's reminders. */
  const reminderRows = (tournamentId: string) =>
    world.bot.deps.db
      .selectFrom("outbox")
      .innerJoin("tournament_reminders", "tournament_reminders.id", "outbox.event_id")
      .select(["outbox.status", "outbox.attempts"])
      .where("outbox.source", "=", "reminder")
      .where("tournament_reminders.tournament_id", "=", tournamentId)
      .execute();

  beforeAll(async () => {
    world = await startEndToEnd({
      env: { TOURNAMENT_POLL_SECONDS: "1" },
      startOptions: { clock: following.clock },
    });
    following.follow(world);
    const keys = world.sandbox.keys.filter((key) => key.level !== "read");
    await linkMember(world, world.members.admin.id, keys[0]?.key ?? "");
    reminderChannel = world.discord.createChannel(world.guildId, { name: "contests" }).id;
    world.discord.roles.grantBot(world.guildId, ["ManageRoles"]);
    roleId = world.discord.roles.create(world.guildId, { name: "Contest pings", position: 1 }).id;
    const set = await run(world.members.admin.id, "setup", {
      subcommandGroup: "reminders",
      subcommand: "set",
      options: { channel: reminderChannel, before: "10m", role: roleId },
    });
    expect(set.content).toContain("Tournament reminders are on");
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  /**
   * A tournament 20 minutes ahead whose reminder, 10 minutes before, falls due while Discord's message route is
   * down: its post is queued and fails, and the route stays down.
   */
  async function holdReminderInOutage(title: string): Promise<{ id: string; startsAt: number }> {
    const tournament = createTournament(world, { title, secondsAhead: 20 * 60 });
    await waitForScheduled(world, world.bot.deps.db, tournament.id, [tournament.startsAt - 10 * minute]);
    world.discord.setRouteOutage(postMessage, true);
    await moveTo(world, tournament.startsAt - 10 * minute);
    await waitUntil(async () => (await reminderRows(tournament.id)).some((row) => row.attempts >= 1), {
      timeoutMs: 15_000,
      what: "the reminder's post to fail while Discord is down",
    });
    return tournament;
  }

  /** Discord is back, and the held post's retry comes due well before the start: the row is done, unposted. */
  async function endOutageAndExpectNoPost(id: string, startsAt: number): Promise<void> {
    world.discord.setRouteOutage(postMessage, false);
    await moveTo(world, startsAt - 5 * minute);
    await waitUntil(async () => (await reminderRows(id)).every((row) => row.status !== "pending"), {
      timeoutMs: 15_000,
      what: "the held reminder's row to be done with",
    });
    expect(reminderPosts(world, reminderChannel, id)).toEqual([]);
  }

  it("drops the held post of the old start and reminds at the new start, showing it", async () => {
    const { id, startsAt } = await holdReminderInOutage("Held Cup");

    // Postponed by two hours meanwhile: "starts in 10 minutes" would be wrong. A read sees it.
    const later = startsAt + 120 * minute;
    world.sandbox.control.rescheduleTournament(id, later);
    await waitForScheduled(world, world.bot.deps.db, id, [later - 10 * minute]);

    await endOutageAndExpectNoPost(id, startsAt);

    // The new start's reminder comes at its own time, with that start.
    await moveTo(world, later - 10 * minute);
    const [post] = await waitForReminderPosts(world, reminderChannel, id, 1);
    expectReminderPost(post!, { roleId, startsAt: later, title: "Held Cup", seatsLeft: "16 of 16" });
    await waitUntil(async () => (await reminderRows(id)).every((row) => row.status !== "pending"), {
      timeoutMs: 15_000,
      what: "both reminders' rows to be done with",
    });
    expect(reminderPosts(world, reminderChannel, id)).toHaveLength(1);
  });

  it("drops the held post of a tournament that left the open list meanwhile", async () => {
    const { id, startsAt } = await holdReminderInOutage("Withdrawn Cup");

    // The platform lists it no more (withdrawn): two complete reads that miss it mark the queued post.
    world.sandbox.state.tournaments.delete(id);
    await waitUntil(async () => (await findTournamentReminderOf(id))?.statusReason === queuedPostGone, {
      timeoutMs: 15_000,
      what: "the reads to find the tournament gone",
    });

    await endOutageAndExpectNoPost(id, startsAt);
  });

  async function findTournamentReminderOf(tournamentId: string) {
    const row = await world.bot.deps.db
      .selectFrom("tournament_reminders")
      .select("id")
      .where("tournament_id", "=", tournamentId)
      .executeTakeFirst();
    return row === undefined ? undefined : await findTournamentReminder(world.bot.deps.db, row.id);
  }
});
