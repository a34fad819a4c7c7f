import type { FakeGuild, FakeMember, FakeRole } from "./world-types.js";

/**
 * Orders two roles as Discord ranks them: by position, and at equal positions the older role (the smaller
 * id) ranks higher (docs: Topics, Permissions — Role Object, "roles with the same position are sorted by
 * id"). Positive when `a` ranks above `b`.
 */
export function compareRoles(a: FakeRole, b: FakeRole): number {
  if (a.position !== b.position) return a.position - b.position;
  if (a.id === b.id) return 0;
  return BigInt(a.id) < BigInt(b.id) ? 1 : -1;
}

/** The guild's roles, highest first, @everyone last. */
export function listRolesHighestFirst(guild: FakeGuild): FakeRole[] {
  return [...guild.roles.values()].sort((a, b) => compareRoles(b, a));
}

/** The member's roles, highest first (ids of deleted roles are skipped). */
export function listMemberRoles(guild: FakeGuild, member: FakeMember): FakeRole[] {
  const roles: FakeRole[] = [];
  for (const roleId of member.roleIds) {
    const role = guild.roles.get(roleId);
    if (role !== undefined) roles.push(role);
  }
  return roles.sort((a, b) => compareRoles(b, a));
}

/** The member's highest role; @everyone for a member without roles. */
export function highestRole(guild: FakeGuild, member: FakeMember): FakeRole | undefined {
  return listMemberRoles(guild, member)[0] ?? guild.roles.get(guild.id);
}

/**
 * Whether the member may manage the role under the role hierarchy (docs: Topics, Permissions —
 * Permission Hierarchy): only roles ranked below their own highest role, whatever their permissions;
 * the guild's owner may manage every role.
 */
export function outranksRole(guild: FakeGuild, member: FakeMember, role: FakeRole): boolean {
  if (member.userId === guild.ownerId) return true;
  const highest = highestRole(guild, member);
  return highest !== undefined && compareRoles(role, highest) < 0;
}
