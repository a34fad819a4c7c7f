import type { SnowflakeGenerator } from "../snowflake.js";
import { everyonePermissions } from "./permissions.js";
import { listRolesHighestFirst } from "./role-hierarchy.js";
import type { WorldListener } from "./world-listener.js";
import type { FakeGuild, FakeMember, FakeRole } from "./world-types.js";

/** The @everyone role shares the guild's id (docs: Permissions, Role Object). */
export function everyoneRole(guildId: string): FakeRole {
  return {
    id: guildId,
    name: "@everyone",
    permissions: everyonePermissions,
    position: 0,
    color: 0,
    hoist: false,
    mentionable: false,
    managed: false,
    botId: null,
  };
}

export interface NewRole {
  name: string;
  permissions: bigint;
  /** Discord puts a role made through the API at 1, beside older roles there. */
  position: number;
  color?: number;
  hoist?: boolean;
  mentionable?: boolean;
  /** The bot whose managed role this is. */
  botId?: string;
}

export type RoleChanges = Partial<Pick<FakeRole, "name" | "permissions" | "color" | "hoist" | "mentionable">>;

/** Every change to roles and member roles, whoever makes it, told to the world's listeners. */
export class GuildRoles {
  constructor(
    private readonly nextId: SnowflakeGenerator,
    private readonly listeners: readonly WorldListener[],
  ) {}

  /** Adds a role without telling anyone: for guilds being built, before their GUILD_CREATE. */
  add(guild: FakeGuild, input: NewRole): FakeRole {
    const role: FakeRole = {
      id: this.nextId(),
      name: input.name,
      permissions: input.permissions,
      position: input.position,
      color: input.color ?? 0,
      hoist: input.hoist ?? false,
      mentionable: input.mentionable ?? false,
      managed: input.botId !== undefined,
      botId: input.botId ?? null,
    };
    guild.roles.set(role.id, role);
    return role;
  }

  create(guild: FakeGuild, input: NewRole): FakeRole {
    const role = this.add(guild, input);
    for (const listener of this.listeners) listener.roleCreated?.(guild, role);
    return role;
  }

  update(guild: FakeGuild, role: FakeRole, changes: RoleChanges): FakeRole {
    Object.assign(role, changes);
    for (const listener of this.listeners) listener.roleUpdated?.(guild, role);
    return role;
  }

  /**
   * Puts the role at `position` and renumbers the others 1, 2, 3… in their order, as Discord's client
   * does when a role is dragged; every role whose position changed is told as updated.
   */
  move(guild: FakeGuild, role: FakeRole, position: number): void {
    const lowestFirst = listRolesHighestFirst(guild)
      .filter((other) => other.id !== guild.id && other.id !== role.id)
      .reverse();
    const index = Math.min(Math.max(Math.trunc(position) - 1, 0), lowestFirst.length);
    lowestFirst.splice(index, 0, role);
    lowestFirst.forEach((each, slot) => {
      if (each.position === slot + 1) return;
      each.position = slot + 1;
      for (const listener of this.listeners) listener.roleUpdated?.(guild, each);
    });
  }

  /** Moves the role to just above `anchor`. */
  moveAbove(guild: FakeGuild, role: FakeRole, anchor: FakeRole): void {
    const lowestFirst = listRolesHighestFirst(guild)
      .filter((other) => other.id !== guild.id && other.id !== role.id)
      .reverse();
    this.move(guild, role, lowestFirst.indexOf(anchor) + 2);
  }

  /** Deletes the role; members lose it without a GUILD_MEMBER_UPDATE each, as on Discord. */
  delete(guild: FakeGuild, role: FakeRole): void {
    guild.roles.delete(role.id);
    for (const member of guild.members.values()) {
      if (member.roleIds.includes(role.id)) member.roleIds = member.roleIds.filter((id) => id !== role.id);
    }
    for (const listener of this.listeners) listener.roleDeleted?.(guild, role);
  }

  /** Gives the member the role; returns false (and tells nobody) when they had it already. */
  addToMember(guild: FakeGuild, member: FakeMember, role: FakeRole): boolean {
    if (member.roleIds.includes(role.id)) return false;
    member.roleIds = [...member.roleIds, role.id];
    for (const listener of this.listeners) listener.memberUpdated?.(guild, member);
    return true;
  }

  /** Takes the role from the member; returns false when they did not have it. */
  removeFromMember(guild: FakeGuild, member: FakeMember, role: FakeRole): boolean {
    if (!member.roleIds.includes(role.id)) return false;
    member.roleIds = member.roleIds.filter((id) => id !== role.id);
    for (const listener of this.listeners) listener.memberUpdated?.(guild, member);
    return true;
  }
}
