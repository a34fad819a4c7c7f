import { ApplicationCommandType, InteractionContextType } from "discord-api-types/v10";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const linkCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "link",
  description: "Link your platform account to this server",
  contexts: [InteractionContextType.Guild],
} as const satisfies CommandDefinition;
