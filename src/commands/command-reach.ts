// Where a command can be used (docs/architecture.md, "Commands", "Outside a server"). Discord takes both lists
// per top-level command, so a command reachable anywhere whose subcommands need a server answers those in a
// DM itself (the dispatcher reads `serverOnly` on the handler).
import { ApplicationIntegrationType, InteractionContextType } from "discord-api-types/v10";

/** Installed to a server and used in it: every command that reads or changes a server's data. */
export const serverOnlyReach = {
  integration_types: [ApplicationIntegrationType.GuildInstall],
  contexts: [InteractionContextType.Guild],
} as const;

/**
 * Also installed to a member's own account (a user install) and usable in the bot's DM and in private
 * channels (DMs and group DMs between users), where they act as the member's personal link.
 */
export const anywhereReach = {
  integration_types: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  contexts: [
    InteractionContextType.Guild,
    InteractionContextType.BotDM,
    InteractionContextType.PrivateChannel,
  ],
} as const;
