import { PermissionFlagsBits } from "discord.js";
import type { FakeChannel, FakeGuild, FakeMember } from "./world-types.js";

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

/**
 * A member's permissions in a channel: their guild permissions, then the channel's overwrites for @everyone,
 * for their roles (every deny, then every allow, whatever the roles' positions) and for the member
 * themselves, each deny before its allow. Administrator (and the owner) override every overwrite (Discord's
 * documentation, Topics, Permissions, "Permission Overwrites"). A thread has no overwrites of its own: pass
 * its parent channel (Topics, Permissions, "Inherited Permissions (Threads)").
 *
 * The result keeps the permissions that Discord ignores implicitly (Topics, Permissions, "Implicit
 * Permissions"): without View Channel nothing else counts, without Send Messages neither do Embed Links,
 * Attach Files, Mention Everyone or Send TTS Messages. The checks read View Channel first for that reason.
 */
export function computeChannelPermissions(
  guild: FakeGuild,
  channel: FakeChannel,
  member: FakeMember,
): bigint {
  const base = computeMemberPermissions(guild, member);
  if ((base & PermissionFlagsBits.Administrator) !== 0n) return allPermissions;
  const overwrites = new Map(channel.permissionOverwrites.map((overwrite) => [overwrite.id, overwrite]));
  let permissions = base;
  const everyone = overwrites.get(guild.id);
  if (everyone !== undefined) permissions = (permissions & ~everyone.deny) | everyone.allow;
  let allow = 0n;
  let deny = 0n;
  for (const roleId of member.roleIds) {
    const overwrite = overwrites.get(roleId);
    if (overwrite?.type !== 0) continue;
    allow |= overwrite.allow;
    deny |= overwrite.deny;
  }
  permissions = (permissions & ~deny) | allow;
  const own = overwrites.get(member.userId);
  if (own?.type === 1) permissions = (permissions & ~own.deny) | own.allow;
  return permissions;
}
