import { ApplicationCommandOptionType as OptionType, ApplicationCommandType } from "discord-api-types/v10";
import { anywhereReach } from "../command-reach.js";
import { publicOption } from "../shared-options.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const rankCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "rank",
  description: "Global rank, rating, tier and rating-history chart",
  ...anywhereReach,
  options: [
    { type: OptionType.User, name: "member", description: "Another member of this server (default: you)" },
    publicOption,
  ],
} as const satisfies CommandDefinition;
