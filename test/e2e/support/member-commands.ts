// Slash commands run in the world's main channel, answered to the end: what the reminders' and tournament
// events' tests send again and again (`/setup events on`, `/setup status`, `/remind`).
import type { EndToEnd } from "../harness.js";

/** `run(userId, name, { subcommand, options… })` as that member, resolving with the final answer. */
export function memberCommands(world: () => EndToEnd) {
  return (userId: string, name: string, extra: Record<string, unknown> = {}) =>
    world()
      .discord.runCommand({ guildId: world().guildId, channelId: world().channelId, userId, name, ...extra })
      .waitForFinal();
}

/** `run(name, { subcommand, options… })` as the admin, resolving with the final answer. */
export function adminCommands(world: () => EndToEnd) {
  const run = memberCommands(world);
  return (name: string, extra: Record<string, unknown> = {}) => run(world().members.admin.id, name, extra);
}
