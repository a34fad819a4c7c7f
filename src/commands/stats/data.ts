import { ApplicationCommandOptionType as OptionType, ApplicationCommandType } from "discord-api-types/v10";
import { anywhereReach } from "../command-reach.js";
import { publicOption } from "../shared-options.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const statsCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "stats",
  description: "Your wins, losses, win rate, average time and rating change",
  ...anywhereReach,
  options: [
    {
      type: OptionType.String,
      name: "timeframe",
      description: "Period (default: 30 days)",
      choices: [
        { name: "7 days", value: "7d" },
        { name: "30 days", value: "30d" },
        { name: "90 days", value: "90d" },
        { name: "365 days", value: "365d" },
      ],
    },
    publicOption,
  ],
} as const satisfies CommandDefinition;
