import type { AuditLogEntry } from "../audit-log.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { combinePermissions, type PermissionName } from "../world/permissions.js";
import { listMemberRoles, listRolesHighestFirst } from "../world/role-hierarchy.js";
import type { FakeGuild, FakeRole, FakeUser } from "../world/world-types.js";
import { createWorldWatch } from "./world-watch.js";

export interface HandMadeRole {
  name: string;
  permissions?: readonly PermissionName[];
  color?: number;
  hoist?: boolean;
  mentionable?: boolean;
  /** Where to put it; above every other role when left out, as an admin makes their own. */
  position?: number;
}

/** A member and their roles, highest first. */
export interface MemberRoles {
  user: FakeUser;
  roles: FakeRole[];
}

/**
 * A server admin at Discord's role settings: what they do by hand reaches the bot as the gateway events
 * Discord sends (GUILD_ROLE_*, GUILD_MEMBER_UPDATE). The bot's own requests go through REST instead.
 */
export class RoleAdmin {
  /**
   * Calls `listener` with the guild's id after any change to its roles or its members' roles, whoever made
   * it (the bot through REST, or an admin by hand), e.g. for a live view; returns a function that stops it.
   */
  readonly onChange: (listener: (guildId: string) => void) => () => void;

  constructor(private readonly state: FakeDiscordState) {
    this.onChange = createWorldWatch<string>(state.world, (tell) => {
      const changed = (guild: FakeGuild) => {
        tell(guild.id);
      };
      return { roleCreated: changed, roleUpdated: changed, roleDeleted: changed, memberUpdated: changed };
    });
  }

  /** The guild's roles, highest first, @everyone last. */
  list(guildId: string): FakeRole[] {
    return listRolesHighestFirst(this.guild(guildId));
  }

  find(guildId: string, name: string): FakeRole | undefined {
    return this.list(guildId).find((role) => role.name === name);
  }

  /** The role Discord made for the bot when it joined: managed, tagged with its id. */
  botRole(guildId: string): FakeRole {
    const botId = this.state.world.botUser.id;
    const role = this.list(guildId).find((each) => each.botId === botId);
    if (role === undefined) throw new Error(`The bot has no managed role in guild ${guildId}`);
    return role;
  }

  create(guildId: string, input: HandMadeRole): FakeRole {
    const guild = this.guild(guildId);
    const { world } = this.state;
    const role = world.roles.create(guild, {
      name: input.name,
      permissions: combinePermissions(input.permissions ?? []),
      position: 1 + Math.max(...[...guild.roles.values()].map((each) => each.position)),
      ...(input.color === undefined ? {} : { color: input.color }),
      ...(input.hoist === undefined ? {} : { hoist: input.hoist }),
      ...(input.mentionable === undefined ? {} : { mentionable: input.mentionable }),
    });
    if (input.position !== undefined) world.roles.move(guild, role, input.position);
    return role;
  }

  delete(guildId: string, roleId: string): void {
    const guild = this.guild(guildId);
    this.state.world.roles.delete(guild, this.role(guild, roleId));
  }

  /** Drags the role to `position`; the others are renumbered around it. */
  move(guildId: string, roleId: string, position: number): void {
    const guild = this.guild(guildId);
    this.state.world.roles.move(guild, this.role(guild, roleId), position);
  }

  /** Drags the role just above the bot's highest role, out of the bot's reach. */
  moveAboveBot(guildId: string, roleId: string): void {
    const guild = this.guild(guildId);
    const botHighest = this.ofMember(guildId, this.state.world.botUser.id)[0] ?? this.botRole(guildId);
    this.state.world.roles.moveAbove(guild, this.role(guild, roleId), botHighest);
  }

  setPermissions(guildId: string, roleId: string, permissions: readonly PermissionName[]): void {
    const guild = this.guild(guildId);
    this.state.world.roles.update(guild, this.role(guild, roleId), {
      permissions: combinePermissions(permissions),
    });
  }

  /** Adds permissions to the bot's managed role, e.g. ["ManageRoles"]. */
  grantBot(guildId: string, permissions: readonly PermissionName[]): void {
    const role = this.botRole(guildId);
    this.state.world.roles.update(this.guild(guildId), role, {
      permissions: role.permissions | combinePermissions(permissions),
    });
  }

  /** Takes permissions from the bot's managed role. */
  revokeFromBot(guildId: string, permissions: readonly PermissionName[]): void {
    const role = this.botRole(guildId);
    this.state.world.roles.update(this.guild(guildId), role, {
      permissions: role.permissions & ~combinePermissions(permissions),
    });
  }

  giveMember(guildId: string, userId: string, roleId: string): void {
    const guild = this.guild(guildId);
    this.state.world.roles.addToMember(guild, this.member(guild, userId), this.role(guild, roleId));
  }

  takeFromMember(guildId: string, userId: string, roleId: string): void {
    const guild = this.guild(guildId);
    this.state.world.roles.removeFromMember(guild, this.member(guild, userId), this.role(guild, roleId));
  }

  /** The member's roles, highest first (@everyone left out). */
  ofMember(guildId: string, userId: string): FakeRole[] {
    const guild = this.guild(guildId);
    return listMemberRoles(guild, this.member(guild, userId));
  }

  /** Every listed member of the guild with their roles, in the order they joined. */
  byMember(guildId: string): MemberRoles[] {
    const guild = this.guild(guildId);
    return [...guild.members.values()].map((member) => ({
      user: this.state.world.requireUser(member.userId),
      roles: listMemberRoles(guild, member),
    }));
  }

  /** Resolves with the member's roles once `matches` holds for them (the bot synced a tier role). */
  waitForMemberRoles(
    guildId: string,
    userId: string,
    matches: (roles: FakeRole[]) => boolean,
    timeoutMs = 5000,
  ): Promise<FakeRole[]> {
    return this.state.signal.waitFor(
      () => {
        const roles = this.ofMember(guildId, userId);
        return matches(roles) ? roles : undefined;
      },
      timeoutMs,
      `the roles of member ${userId} in guild ${guildId}`,
    );
  }

  /** What the bot's role requests did in the guild, oldest first, with the reasons it gave. */
  auditLog(guildId: string): AuditLogEntry[] {
    return this.state.auditLog.inGuild(guildId);
  }

  private guild(guildId: string): FakeGuild {
    return this.state.world.requireGuild(guildId);
  }

  private role(guild: FakeGuild, roleId: string): FakeRole {
    const role = guild.roles.get(roleId);
    if (role === undefined) throw new Error(`No role ${roleId} in guild ${guild.name}`);
    return role;
  }

  private member(guild: FakeGuild, userId: string) {
    const member = guild.members.get(userId);
    if (member === undefined) throw new Error(`User ${userId} is not a member of guild ${guild.name}`);
    return member;
  }
}
