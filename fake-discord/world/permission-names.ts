import { PermissionFlagsBits } from "discord.js";
import type { PermissionName } from "./permissions.js";

/** Where a server's settings name a permission otherwise than its flag's words ("0" bits: admins only). */
const namedOtherwise: Partial<Record<PermissionName, string>> = {
  ManageGuild: "Manage Server",
  ViewGuildInsights: "View Server Insights",
  ViewChannel: "View Channels",
  SendTTSMessages: "Send Text-to-Speech Messages",
  UseVAD: "Use Voice Activity",
  MentionEveryone: "Mention @everyone, @here, and All Roles",
  ManageGuildExpressions: "Manage Expressions",
  ManageEmojisAndStickers: "Manage Expressions",
  CreateGuildExpressions: "Create Expressions",
};

/** "the Manage Server permission", "the Manage Server and Manage Roles permissions": a bit set as members read it. */
export function describePermissions(bits: bigint): string {
  const names = (Object.keys(PermissionFlagsBits) as PermissionName[])
    .filter((name) => (bits & PermissionFlagsBits[name]) !== 0n)
    .map((name) => namedOtherwise[name] ?? name.replace(/(?<=[a-z])(?=[A-Z])/g, " "));
  const unique = [...new Set(names)];
  if (unique.length === 0) return "the Administrator permission";
  if (unique.length === 1) return `the ${unique[0]} permission`;
  return `the ${unique.slice(0, -1).join(", ")} and ${unique.at(-1)} permissions`;
}
