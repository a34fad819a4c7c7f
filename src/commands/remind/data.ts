import { ApplicationCommandOptionType as OptionType, ApplicationCommandType } from "discord-api-types/v10";
import { serverOnlyReach } from "../command-reach.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const remindCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "remind",
  description: "Be pinged before tournaments start, or stop it",
  ...serverOnlyReach,
  options: [
    {
      type: OptionType.Subcommand,
      name: "on",
      description: "Take the reminder role: get pinged before tournaments",
    },
    { type: OptionType.Subcommand, name: "off", description: "Give the reminder role back: no more pings" },
  ],
} as const satisfies CommandDefinition;
