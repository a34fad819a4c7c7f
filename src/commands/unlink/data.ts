import { ApplicationCommandType, InteractionContextType } from "discord-api-types/v10";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const unlinkCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "unlink",
  description: "Unlink your platform account from this server and forget its credentials",
  contexts: [InteractionContextType.Guild],
} as const satisfies CommandDefinition;
