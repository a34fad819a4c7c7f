// What the tournament reminder e2e tests share (docs/architecture.md, "Tournament reminders"): the bot's
// clock follows the sandbox's, so moving the sandbox forward moves both; tournaments created in the sandbox at
// a start of the test's choosing; and the reminder posts of one tournament, read from the fake Discord.
import { expect } from "vitest";
import type { StoredMessage } from "../../../fake-discord/index.js";
import type { Clock } from "../../../src/clock.js";
import { systemClock } from "../../../src/clock.js";
import { listScheduledReminders } from "../../../src/store/tournament-reminders.js";
import type { EndToEnd } from "../harness.js";
import { waitUntil } from "./wait-until.js";

/**
 * A clock for the bot that reads the sandbox's once it exists (the sandbox is built with the bot); until then
 * the wall clock, which is what the sandbox's reads too before anything moves it.
 */
export function createSandboxFollowingClock(): { clock: Clock; follow(world: EndToEnd): void } {
  let source: Clock = systemClock;
  // The bot's workers listen for jumps as they start, before the sandbox exists: each listener is kept here
  // and told of the sandbox clock's jumps once followed, so a move wakes them as it does in the playground.
  const listeners = new Set<() => void>();
  return {
    clock: {
      now: () => source.now(),
      onJump(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    follow(world) {
      source = world.sandbox.clock;
      world.sandbox.clock.onJump(() => {
        for (const listener of listeners) listener();
      });
    },
  };
}

/** An open tournament starting `secondsAhead` from sandbox now; its id and start. */
export function createTournament(
  world: EndToEnd,
  input: { readonly title: string; readonly secondsAhead: number },
): { readonly id: string; readonly startsAt: number } {
  const startTime = world.sandbox.clock.now() + input.secondsAhead * 1000;
  const tournament = world.sandbox.control.createTournament({
    title: input.title,
    startTime,
    durationMinutes: 60,
    format: "elimination",
    difficulty: "easy",
    maxParticipants: 16,
    prize: "$250",
  });
  return { id: tournament.id, startsAt: startTime };
}

/** Moves the sandbox (and so the bot) to `at`, running the sandbox's due work. */
export async function moveTo(world: EndToEnd, at: number): Promise<void> {
  const ahead = at - world.sandbox.clock.now();
  if (ahead > 0) await world.sandbox.advance(ahead);
}

/** Waits until a read of the open tournaments scheduled the tournament's reminders at these due times. */
export async function waitForScheduled(
  world: EndToEnd,
  db: EndToEnd["bot"]["deps"]["db"],
  tournamentId: string,
  dueAt: readonly number[],
): Promise<void> {
  await waitUntil(
    async () => {
      const scheduled = (await listScheduledReminders(db, world.guildId)).filter(
        (reminder) => reminder.tournament.id === tournamentId,
      );
      return JSON.stringify(scheduled.map((reminder) => reminder.dueAt)) === JSON.stringify(dueAt);
    },
    { timeoutMs: 15_000, what: `the reminders of ${tournamentId} due at ${dueAt.join(", ")}` },
  );
}

export function reminderPosts(world: EndToEnd, channelId: string, tournamentId: string): StoredMessage[] {
  return world.discord
    .messages(channelId)
    .filter((message) => JSON.stringify(message.components).includes(`tournament:register:${tournamentId}`));
}

export async function waitForReminderPosts(
  world: EndToEnd,
  channelId: string,
  tournamentId: string,
  count: number,
): Promise<StoredMessage[]> {
  await waitUntil(() => reminderPosts(world, channelId, tournamentId).length >= count, {
    timeoutMs: 15_000,
    what: `${String(count)} reminder posts of ${tournamentId}`,
  });
  return reminderPosts(world, channelId, tournamentId);
}

/** A reminder post pings the role and nothing else, shows the start, and carries the Register button. */
export function expectReminderPost(
  post: StoredMessage,
  input: {
    readonly roleId: string;
    readonly startsAt: number;
    readonly title: string;
    readonly seatsLeft: string;
  },
): void {
  const seconds = String(Math.floor(input.startsAt / 1000));
  expect(post.content).toBe(`<@&${input.roleId}> **${input.title}** starts <t:${seconds}:R>.`);
  expect(post.allowedMentions).toEqual({ parse: [], roles: [input.roleId] });
  expect(post.mentionedUserIds).toEqual([]);
  // The reminder role is not mentionable and the bot may not mention every role: named, but nobody pinged,
  // as /setup reminders set warned the admin.
  expect(post.mentionedRoleIds).toEqual([]);
  expect(post.embeds[0]?.description).toContain(`<t:${seconds}:R> (<t:${seconds}:F>)`);
  // The sandbox answers shape A, which has no format.
  expect(post.embeds[0]?.fields?.map((field) => [field.name, field.value])).toEqual([
    ["Prize", "$250"],
    ["Seats left", input.seatsLeft],
  ]);
}
