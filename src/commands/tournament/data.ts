import { ApplicationCommandOptionType as OptionType, ApplicationCommandType } from "discord-api-types/v10";
import { serverOnlyReach } from "../command-reach.js";
import { difficultyChoices, publicOption } from "../shared-options.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

const tournamentId = {
  type: OptionType.String,
  name: "id",
  description: "Tournament id",
  required: true,
  autocomplete: true,
  max_length: 100,
} as const;

export const tournamentCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "tournament",
  description: "Tournaments",
  ...serverOnlyReach,
  options: [
    {
      type: OptionType.Subcommand,
      name: "list",
      description: "Browse tournaments",
      options: [
        {
          type: OptionType.String,
          name: "status",
          description: "Only tournaments in this state (default: open)",
          choices: [
            { name: "Open", value: "open" },
            { name: "Active", value: "active" },
            { name: "Completed", value: "completed" },
          ],
        },
        {
          type: OptionType.String,
          name: "difficulty",
          description: "Only this difficulty",
          choices: difficultyChoices,
        },
      ],
    },
    {
      type: OptionType.Subcommand,
      name: "register",
      description: "Register for a tournament",
      options: [tournamentId],
    },
    {
      type: OptionType.Subcommand,
      name: "leaderboard",
      description: "Standings, with your own rank and score",
      options: [tournamentId, publicOption],
    },
  ],
} as const satisfies CommandDefinition;
