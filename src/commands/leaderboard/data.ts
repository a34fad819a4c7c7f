import { ApplicationCommandOptionType as OptionType, ApplicationCommandType } from "discord-api-types/v10";
import { anywhereReach } from "../command-reach.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const leaderboardCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "leaderboard",
  description: "Leaderboards",
  ...anywhereReach,
  options: [
    {
      type: OptionType.Subcommand,
      name: "global",
      description: "The platform's global leaderboard",
      options: [
        { type: OptionType.Integer, name: "page", description: "Page to start at (default 1)", min_value: 1 },
      ],
    },
    {
      type: OptionType.Subcommand,
      name: "server",
      description: "Linked members of this server, by rating or by rating gained",
      options: [
        {
          type: OptionType.String,
          name: "period",
          description: "Rank by rating gained over a period (default: all time, by rating)",
          choices: [
            { name: "Last 7 days", value: "week" },
            { name: "Last 30 days", value: "month" },
            { name: "All time", value: "all" },
          ],
        },
      ],
    },
  ],
} as const satisfies CommandDefinition;
