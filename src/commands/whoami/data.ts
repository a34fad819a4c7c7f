import { ApplicationCommandType } from "discord-api-types/v10";
import { anywhereReach } from "../command-reach.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const whoamiCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "whoami",
  description: "Show which platform account you linked here (in a DM: your personal link)",
  ...anywhereReach,
} as const satisfies CommandDefinition;
