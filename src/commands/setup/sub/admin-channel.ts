// `/setup admin-channel [channel] [clear]`: where the outbox tells admins a channel was paused
// (docs/architecture.md, "Posting"; src/outbox/tell-admins.ts reads it).
import type { BotDependencies } from "../../bot-dependencies.js";
import type { ServerActor } from "../../../discord/interaction-handlers.js";
import { UserFacingError } from "../../../discord/user-facing-error.js";
import { findGuildSettings, saveAdminChannel } from "../../../store/guild-settings.js";
import { requireAnnouncementChannel } from "../../subscribe/read-subscribe-options.js";
import { postingNeeds, requireBotCanPost } from "../../require-bot-can-post.js";
import type { SetupOptionsOf, SubcommandContext } from "../setup-arguments.js";

export async function configureAdminChannel(
  deps: BotDependencies,
  actor: ServerActor,
  options: SetupOptionsOf<undefined, "admin-channel">,
): Promise<string> {
  const { guildId } = actor;
  const now = deps.clock.now();
  if (options.channel !== undefined && options.clear === true) {
    throw new UserFacingError("channel_and_clear", "Pick a channel or `clear:True`, not both.");
  }
  if (options.clear === true) {
    await saveAdminChannel(deps.db, { guildId, adminChannelId: null, now });
    return "Admin notices are off: paused channels are only noted in the bot's log and `/setup status`.";
  }
  if (options.channel !== undefined) {
    const adminChannelId = requireAnnouncementChannel(options.channel);
    await requireBotCanPost(deps, actor, options.channel, postingNeeds.notices);
    await saveAdminChannel(deps.db, { guildId, adminChannelId, now });
    return `The bot will tell admins in <#${adminChannelId}> when it has to pause a channel's announcements.`;
  }
  const current = (await findGuildSettings(deps.db, guildId))?.adminChannelId ?? null;
  return current === null
    ? "No admin channel is set. Choose one with `/setup admin-channel channel:#admins`."
    : `Admin notices go to <#${current}>. Change it with \`/setup admin-channel channel:\`, or \`clear:True\`.`;
}

/** The subcommand, answered privately. */
export async function runAdminChannel(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: SetupOptionsOf<undefined, "admin-channel">,
): Promise<void> {
  await responder.reply({ content: await configureAdminChannel(deps, actor, options), ephemeral: true });
}
