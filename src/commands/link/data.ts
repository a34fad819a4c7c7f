import { ApplicationCommandType } from "discord-api-types/v10";
import { anywhereReach } from "../command-reach.js";
import type { CommandDefinition } from "../../discord/command-definition.js";

export const linkCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "link",
  description: "Link your platform account to this server (in a DM: your personal link)",
  ...anywhereReach,
} as const satisfies CommandDefinition;
