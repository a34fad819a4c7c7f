import { ApplicationCommandType, InteractionContextType } from "discord-api-types/v10";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const whoamiCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "whoami",
  description: "Show which platform account you linked in this server",
  contexts: [InteractionContextType.Guild],
} as const satisfies CommandDefinition;
