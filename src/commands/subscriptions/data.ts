import { ApplicationCommandType } from "discord-api-types/v10";
import type { CommandDefinition } from "../../discord/command-definition.js";
import { adminCommandBase } from "../subscribe/admin-command.js";

export const subscriptionsCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "subscriptions",
  description: "Admin: list this server's announcement channels and their status",
  ...adminCommandBase,
} as const satisfies CommandDefinition;
