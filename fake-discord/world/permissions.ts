import { PermissionFlagsBits } from "discord.js";
import type { FakeGuild, FakeMember, ChannelAccess } from "./world-types.js";

export type PermissionName = keyof typeof PermissionFlagsBits;

export const allPermissions: bigint = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

/** What @everyone may do in a new guild (roughly Discord's defaults for a community server). */
export const everyonePermissions: bigint = combinePermissions([
  "ViewChannel",
  "SendMessages",
  "ReadMessageHistory",
  "EmbedLinks",
  "AttachFiles",
  "AddReactions",
  "UseExternalEmojis",
  "UseApplicationCommands",
  "CreateInstantInvite",
  "ChangeNickname",
  "Connect",
  "Speak",
]);

/** What the bot's managed role grants: what a slash-command bot asks for when invited. */
export const botPermissions: bigint = combinePermissions([
  "ViewChannel",
  "SendMessages",
  "SendMessagesInThreads",
  "EmbedLinks",
  "AttachFiles",
  "ReadMessageHistory",
  "UseExternalEmojis",
  "AddReactions",
]);

export function combinePermissions(names: readonly PermissionName[]): bigint {
  return names.reduce((all, name) => all | PermissionFlagsBits[name], 0n);
}

/** Guild-level permissions: the owner and Administrator have everything (docs: Permissions, Computing). */
export function computeMemberPermissions(guild: FakeGuild, member: FakeMember): bigint {
  if (member.userId === guild.ownerId) return allPermissions;
  let permissions = guild.roles.get(guild.id)?.permissions ?? 0n;
  for (const roleId of member.roleIds) permissions |= guild.roles.get(roleId)?.permissions ?? 0n;
  return (permissions & PermissionFlagsBits.Administrator) !== 0n ? allPermissions : permissions;
}

/** The bot's permissions in a channel after the access the driver set for it. */
export function applyChannelAccess(permissions: bigint, access: ChannelAccess): bigint {
  if (access === "missing-access")
    return permissions & ~(PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages);
  if (access === "missing-permissions") return permissions & ~PermissionFlagsBits.SendMessages;
  return permissions;
}
