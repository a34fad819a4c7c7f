import { ApplicationCommandOptionType as OptionType, ApplicationCommandType } from "discord-api-types/v10";
import type { CommandDefinition } from "../../discord/command-definition.js";
import { adminCommandBase } from "../subscribe/admin-command.js";

export const unsubscribeCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "unsubscribe",
  description: "Admin: stop announcing some or all events in a channel",
  ...adminCommandBase,
  options: [
    {
      // A string with suggestions rather than a channel picker, so a route whose channel was deleted can
      // still be removed; the value is the channel id.
      type: OptionType.String,
      name: "channel",
      description: "A subscribed channel (pick from the list)",
      required: true,
      autocomplete: true,
      max_length: 100,
    },
    {
      type: OptionType.String,
      name: "events",
      description: "Kinds to stop, comma-separated (default: all of them, removing the route)",
      autocomplete: true,
      max_length: 1000,
    },
  ],
} as const satisfies CommandDefinition;
