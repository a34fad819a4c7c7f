import {
  ApplicationCommandOptionType as OptionType,
  ApplicationCommandType,
  InteractionContextType,
} from "discord-api-types/v10";
import { publicOption } from "../shared-options.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const rankCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "rank",
  description: "Global rank, rating, tier and rating-history chart",
  contexts: [InteractionContextType.Guild],
  options: [
    { type: OptionType.User, name: "member", description: "Another member of this server (default: you)" },
    publicOption,
  ],
} as const satisfies CommandDefinition;
