// What the tournament event e2e tests on one clock share (docs/architecture.md, "Tournament events"): a world
// whose sandbox clock drives the fake Discord and the bot, the servers' tournaments read every second, the bot
// allowed to make events, and the admin linked with a key that may read and events turned on; and how a test
// finds a tournament's event among the server's.
import { expect } from "vitest";
import type { FakeScheduledEvent } from "../../../fake-discord/index.js";
import { startEndToEnd, type EndToEnd, type EndToEndOptions } from "../harness.js";
import { linkMember } from "../link-member.js";
import { adminCommands } from "./member-commands.js";

export async function startTournamentEventsWorld(
  options: Pick<EndToEndOptions, "platformTimeoutMs"> = {},
): Promise<EndToEnd> {
  const world = await startEndToEnd({ ...options, env: { TOURNAMENT_POLL_SECONDS: "1" }, oneClock: true });
  world.discord.roles.grantBot(world.guildId, ["CreateEvents"]);
  const key = world.sandbox.keys.find((candidate) => candidate.level !== "read")?.key ?? "";
  await linkMember(world, world.members.admin.id, key);
  const on = await adminCommands(() => world)("setup", { subcommandGroup: "events", subcommand: "on" });
  expect(on.content).toContain("Tournament events are on");
  return world;
}

/** Whether the event is the one the bot made for tournament `id` (its location names the id). */
export function isEventOf(id: string): (event: FakeScheduledEvent) => boolean {
  return (event) => event.location?.includes(`id:${id}`) === true;
}
