import { ApplicationCommandOptionType as OptionType, ApplicationCommandType } from "discord-api-types/v10";
import { anywhereReach } from "../command-reach.js";
import { difficultyChoices, languageChoices, publicOption } from "../shared-options.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

const battleId = {
  type: OptionType.String,
  name: "id",
  description: "Battle id",
  required: true,
  autocomplete: true,
  // Short enough to ride on every button and form id the bot makes for a battle (src/cards/battle-custom-ids.ts:
  // `battle:accept:<opponent id>:<battle id>` is the longest), so a typed id never overflows one.
  max_length: 64,
} as const;

const battleSettings = [
  {
    type: OptionType.String,
    name: "difficulty",
    description: "Problem difficulty",
    choices: difficultyChoices,
  },
  { type: OptionType.String, name: "language", description: "Language", choices: languageChoices },
  {
    type: OptionType.String,
    name: "type",
    description: "Battle type",
    choices: [
      { name: "Practice", value: "practice" },
      { name: "Real time", value: "realtime" },
      { name: "Quick", value: "quick" },
    ],
  },
  {
    type: OptionType.Integer,
    name: "time-limit",
    description: "Time limit in minutes (default 60)",
    min_value: 5,
    max_value: 24 * 60,
  },
  {
    type: OptionType.String,
    name: "problem",
    description: "A specific problem",
    autocomplete: true,
    max_length: 100,
  },
] as const;

export const battleCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "battle",
  description: "Coding battles",
  ...anywhereReach,
  options: [
    {
      type: OptionType.Subcommand,
      name: "create",
      description: "Create a battle and post its card here",
      options: [
        ...battleSettings,
        {
          type: OptionType.Integer,
          name: "participants",
          description: "Number of players",
          min_value: 2,
          max_value: 100,
        },
      ],
    },
    {
      type: OptionType.Subcommand,
      name: "challenge",
      description: "Challenge a member to a one-on-one battle",
      options: [
        { type: OptionType.User, name: "member", description: "Who you challenge", required: true },
        ...battleSettings,
      ],
    },
    { type: OptionType.Subcommand, name: "join", description: "Join a battle", options: [battleId] },
    {
      type: OptionType.Subcommand,
      name: "submit",
      description: "Submit code to a battle (attach a file, or fill in the form)",
      options: [
        battleId,
        {
          type: OptionType.String,
          name: "language",
          description: "Language of the code",
          choices: languageChoices,
        },
        { type: OptionType.Attachment, name: "file", description: "Your solution as a file" },
      ],
    },
    {
      type: OptionType.Subcommand,
      name: "status",
      description: "Participants, time left and live leaderboard",
      options: [battleId, publicOption],
    },
    {
      type: OptionType.Subcommand,
      name: "history",
      description: "Your battles",
      options: [
        {
          type: OptionType.String,
          name: "status",
          description: "Only battles in this state",
          choices: [
            { name: "Waiting", value: "waiting" },
            { name: "Active", value: "active" },
            { name: "Completed", value: "completed" },
          ],
        },
        {
          type: OptionType.Integer,
          name: "limit",
          description: "How many per page (default 10)",
          min_value: 1,
          max_value: 25,
        },
        publicOption,
      ],
    },
  ],
} as const satisfies CommandDefinition;
