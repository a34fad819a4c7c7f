import {
  ApplicationCommandOptionType as OptionType,
  ApplicationCommandType,
  InteractionContextType,
} from "discord-api-types/v10";
import { publicOption } from "../shared-options.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const profileCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "profile",
  description: "Platform profiles",
  contexts: [InteractionContextType.Guild],
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
