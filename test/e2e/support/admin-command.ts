// A slash command run by the world's admin in its main channel, answered to the end: what the tournament
// events tests send again and again (`/setup events on`, `/setup status`).
import type { EndToEnd } from "../harness.js";

/** `run(name, { subcommand, options… })` as the admin, resolving with the final answer. */
export function adminCommands(world: () => EndToEnd) {
  return (name: string, extra: Record<string, unknown> = {}) =>
    world()
      .discord.runCommand({
        guildId: world().guildId,
        channelId: world().channelId,
        userId: world().members.admin.id,
        name,
        ...extra,
      })
      .waitForFinal();
}
