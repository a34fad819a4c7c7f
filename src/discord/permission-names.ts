import { PermissionFlagsBits } from "discord-api-types/v10";

type PermissionFlag = keyof typeof PermissionFlagsBits;

/** Where a server's settings name a permission otherwise than its flag's words. */
const namedOtherwise: Partial<Record<PermissionFlag, string>> = {
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

/**
 * A `default_member_permissions` bit set as a member reads it: "the Manage Server permission", "the Manage
 * Server and Manage Roles permissions"; "0" (administrators only) is "the Administrator permission".
 */
export function describePermissions(bits: bigint): string {
  const names = (Object.keys(PermissionFlagsBits) as PermissionFlag[])
    .filter((flag) => (bits & PermissionFlagsBits[flag]) !== 0n)
    .map((flag) => namedOtherwise[flag] ?? flag.replace(/(?<=[a-z])(?=[A-Z])/g, " "));
  const unique = [...new Set(names)];
  if (unique.length === 0) return "the Administrator permission";
  if (unique.length === 1) return `the ${unique[0]} permission`;
  return `the ${unique.slice(0, -1).join(", ")} and ${unique.at(-1)} permissions`;
}
