import { ApplicationCommandOptionType as OptionType, ApplicationCommandType } from "discord-api-types/v10";
import { anywhereReach } from "../command-reach.js";
import { publicOption } from "../shared-options.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const profileCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "profile",
  description: "Platform profiles",
  ...anywhereReach,
  options: [
    {
      type: OptionType.Subcommand,
      name: "view",
      description: "Show a profile card",
      options: [
        { type: OptionType.User, name: "member", description: "Another member (default: you)" },
        publicOption,
      ],
    },
    {
      type: OptionType.Subcommand,
      name: "edit",
      description: "Edit your display name, bio, location and website",
    },
  ],
} as const satisfies CommandDefinition;
