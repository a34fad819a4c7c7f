import { ApplicationCommandType } from "discord-api-types/v10";
import { anywhereReach } from "../command-reach.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const unlinkCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "unlink",
  description: "Unlink your platform account here (in a DM: your personal link) and forget its credentials",
  ...anywhereReach,
} as const satisfies CommandDefinition;
