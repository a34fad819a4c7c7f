import { ApplicationCommandType, OverwriteType } from "discord.js";
import type { FakeDiscordState, FakeDiscordStats, OutageMode } from "../fake-discord-state.js";
import { createEmptyStats } from "../fake-discord-state.js";
import type { FocusedOption } from "../interactions/build-command-data.js";
import type { InteractionHandle } from "../interactions/interaction-handle.js";
import { combinePermissions, type PermissionName } from "../world/permissions.js";
import {
  seedRealisticGuilds,
  type SeedGuildsOptions,
  type SeededGuildsSummary,
} from "../world/seed-realistic-guilds.js";
import type { NewMember } from "../world/world.js";
import type { FakeChannel, FakeGuild, FakeRole, FakeUser } from "../world/world-types.js";
import type {
  AutocompleteInput,
  MemberActions,
  MemberContext,
  PressComponentInput,
  RunCommandInput,
  SubmitModalInput,
} from "./member-actions.js";
import { FakeDiscordReads } from "./fake-discord-reads.js";
import { parseCommandLine } from "./parse-command-line.js";
import { OAuth2Admin } from "./oauth2-admin.js";
import type { UserInstallCommandInput } from "./user-install-actions.js";
import { RoleAdmin } from "./role-admin.js";
import { ScheduledEventAdmin } from "./scheduled-event-admin.js";
import { ThreadAdmin } from "./thread-admin.js";
import type { ResponseHold } from "../rest/response-holds.js";

/** A channel overwrite as an admin sets one: for a role (type 0) or a member (type 1), by permission names. */
export interface ChannelOverwriteInput {
  /** The role's id (@everyone: the guild's id) or the member's user id. */
  id: string;
  type: OverwriteType;
  allow?: readonly PermissionName[];
  deny?: readonly PermissionName[];
}

/**
 * What tests and the playground use: build a world, act as members, read what the bot did. Every id
 * it hands out is a realistic snowflake.
 */
export class FakeDiscordDriver extends FakeDiscordReads {
  /** Roles as a server admin handles them by hand, members' roles, and the bot's role audit log. */
  readonly roles: RoleAdmin;
  /** Threads, their messages, and a moderator archiving or locking one. */
  readonly threads: ThreadAdmin;
  /** Scheduled events, members marking them "Interested", and Discord moving their status. */
  readonly scheduledEvents: ScheduledEventAdmin;
  /** OAuth2 for users (redirect URIs, consent without a browser) and users' role connections. */
  readonly oauth2: OAuth2Admin;

  constructor(state: FakeDiscordState, actions: MemberActions) {
    super(state, actions);
    this.roles = new RoleAdmin(state);
    this.threads = new ThreadAdmin(state);
    this.scheduledEvents = new ScheduledEventAdmin(state);
    this.oauth2 = new OAuth2Admin(state);
  }

  /**
   * Holds back the successful answers to `method` requests whose path (after /api/v10) matches `path`: the
   * work is done, the answer waits for `release()`. For killing the bot between Discord's act and its answer.
   */
  holdResponses(method: string, path: RegExp): ResponseHold {
    return this.state.responseHolds.hold(method, path);
  }

  get applicationId(): string {
    return this.state.applicationId;
  }

  get botToken(): string {
    return this.state.botToken;
  }

  get botUser(): FakeUser {
    return this.state.world.botUser;
  }

  get stats(): Readonly<FakeDiscordStats> {
    return this.state.stats;
  }

  /** The API routes this fake serves, as "POST /channels/:channelId/messages" (without /api/v10). */
  get apiRoutes(): readonly string[] {
    return this.state.apiRoutes;
  }

  resetStats(): void {
    this.state.stats = createEmptyStats();
  }

  // World building.

  /**
   * A guild the bot is in, with an owner (made up unless `ownerId` names an existing user). `shard`
   * ([shard_id, num_shards]) gives it an id on that shard by Discord's formula, for sharding tests.
   */
  createGuild(options: {
    name: string;
    ownerId?: string;
    locale?: string;
    channels?: readonly string[];
    shard?: readonly [number, number];
  }): FakeGuild {
    return this.state.world.createGuild({
      name: options.name,
      ...(options.shard === undefined ? {} : { shard: options.shard }),
      ...(options.ownerId === undefined ? {} : { ownerId: options.ownerId }),
      ...(options.locale === undefined ? {} : { locale: options.locale }),
      ...(options.channels === undefined ? {} : { channelNames: options.channels }),
    });
  }

  /**
   * Adds `count` guilds of realistic size at once (most small, some with tens of thousands of members),
   * the same ones for the same seed: for memory benchmarks, far faster than createGuild in a loop.
   */
  seedRealisticGuilds(options: SeedGuildsOptions): SeededGuildsSummary {
    return seedRealisticGuilds(this.state.world, options);
  }

  /** A channel; type 0 (text) unless given. */
  createChannel(guildId: string, options: { name: string; type?: number }): FakeChannel {
    return this.state.world.createChannel(guildId, options);
  }

  /** A role above every other one (`roles.create` takes more). */
  createRole(guildId: string, options: { name: string; permissions: readonly PermissionName[] }): FakeRole {
    return this.state.world.createRole(guildId, options);
  }

  /** A member (a new user unless `userId` is given), with `permissions` such as ["ManageGuild"]. */
  createMember(guildId: string, options: NewMember = {}): FakeUser {
    return this.state.world.createMember(guildId, options).user;
  }

  /**
   * The member leaves the guild (or is kicked): their member look-up answers 404 10007 Unknown Member, and
   * GUILD_MEMBER_REMOVE goes to shards with the Guild Members intent.
   */
  removeMember(guildId: string, userId: string): void {
    this.state.world.removeMember(guildId, userId);
  }

  deleteChannel(channelId: string): void {
    this.state.world.deleteChannel(channelId);
  }

  /**
   * An admin's overwrite on a channel for a role (@everyone's id is the guild's) or a member, replacing the
   * one that role or member had: the bot's requests there are judged by it (Discord's documentation, Topics,
   * Permissions, "Permission Overwrites"), and CHANNEL_UPDATE is sent. Threads take their parent's.
   */
  setChannelOverwrite(channelId: string, overwrite: ChannelOverwriteInput): void {
    this.state.world.setChannelOverwrite(channelId, {
      id: overwrite.id,
      type: overwrite.type,
      allow: combinePermissions(overwrite.allow ?? []),
      deny: combinePermissions(overwrite.deny ?? []),
    });
  }

  /** Takes a role's or member's overwrite off a channel; CHANNEL_UPDATE when it had one. */
  deleteChannelOverwrite(channelId: string, id: string): void {
    this.state.world.deleteChannelOverwrite(channelId, id);
  }

  /**
   * The bot loses access to a channel through an overwrite for its own member: "missing-access" denies View
   * Channel (its posts answer 403 50001 Missing Access), "missing-permissions" allows View Channel and denies
   * Send Messages (403 50013 Missing Permissions). Not on a thread: deny on its parent channel.
   */
  denyChannelAccess(
    channelId: string,
    kind: "missing-access" | "missing-permissions" = "missing-access",
  ): void {
    const botId = this.state.world.botUser.id;
    this.setChannelOverwrite(
      channelId,
      kind === "missing-access"
        ? { id: botId, type: OverwriteType.Member, deny: ["ViewChannel"] }
        : { id: botId, type: OverwriteType.Member, allow: ["ViewChannel"], deny: ["SendMessages"] },
    );
  }

  /** Takes the bot's own member overwrite off the channel: its roles and the other overwrites decide again. */
  restoreChannelAccess(channelId: string): void {
    this.deleteChannelOverwrite(channelId, this.state.world.botUser.id);
  }

  /**
   * The bot is removed from the guild (kicked, or the server deleted): GUILD_DELETE without `unavailable`
   * reaches its shard, the guild's channels answer 403 50001 Missing Access and its guild routes 404 10004
   * Unknown Guild, and members can no longer run its commands there.
   */
  removeBotFromGuild(guildId: string): void {
    this.state.world.removeBot(guildId);
  }

  /** The bot is invited back to a guild it was removed from: GUILD_CREATE, and the guild is as it was. */
  addBotBackToGuild(guildId: string): void {
    this.state.world.addBotBack(guildId);
  }

  /**
   * A Discord outage of one guild: GUILD_DELETE with `unavailable: true` (also at READY while it lasts), then
   * GUILD_CREATE when it ends. REST is left as it is.
   */
  setGuildOutage(guildId: string, down: boolean): void {
    this.state.world.setGuildAvailability(guildId, !down);
  }

  /** REST down: `true` answers 503, "reset" drops connections unanswered; `false` ends it. */
  setOutage(on: boolean | Exclude<OutageMode, "off">): void {
    this.state.outage = on === false ? "off" : on === true ? "unavailable" : on;
  }

  // Acting as a member.

  runCommand(input: RunCommandInput): InteractionHandle {
    return this.actions.runCommand(input);
  }

  /**
   * Runs a command typed as in Discord: `/battle create difficulty:hard opponent:@bob`. Users by
   * `@username` or mention, channels by `#name`, roles by `@name`; values typed by the command's options.
   */
  runCommandLine(
    input: MemberContext & { line: string; bypassCommandPermissions?: boolean },
  ): InteractionHandle {
    const invocation = parseCommandLine(input.line, (name) => this.state.commands.find(input.guildId, name), {
      guild: this.state.world.requireGuild(input.guildId),
      users: this.state.world.users,
    });
    const { line: _line, ...context } = input;
    return this.actions.runCommand({ ...context, ...invocation });
  }

  /**
   * Runs a slash command from the app installed to the user's account, outside any guild: in their DM with
   * the bot (context 1) or a private channel with `withUserIds` (context 2). No `guild_id` or `member`; the
   * bot answers through the interaction webhook as usual. Throws CommandHiddenError where Discord's client
   * would not offer it (app not added to the account, command not for USER_INSTALL or that context).
   */
  runUserInstallCommand(input: UserInstallCommandInput): InteractionHandle {
    return this.actions.userInstalls.runCommand(input);
  }

  /**
   * runUserInstallCommand on a typed line, e.g. `/whoami`, read against the global commands; names in it
   * (`@alice`, `#general`) are looked up in `namesFromGuildId`, as a client offers the servers one shares.
   */
  runUserInstallCommandLine(
    input: Pick<UserInstallCommandInput, "userId" | "context" | "withUserIds" | "locale"> & {
      line: string;
      namesFromGuildId: string;
    },
  ): InteractionHandle {
    const { line, namesFromGuildId, ...context } = input;
    const invocation = this.parseGlobalLine(line, namesFromGuildId);
    return this.actions.userInstalls.runCommand({ ...context, ...invocation });
  }

  /** A typed line read against the global commands, names in it looked up in `namesFromGuildId`. */
  private parseGlobalLine(line: string, namesFromGuildId: string) {
    return parseCommandLine(
      line,
      (name) =>
        this.state.commands
          .list()
          .find((command) => command.name === name && command.type === ApplicationCommandType.ChatInput),
      { guild: this.state.world.requireGuild(namesFromGuildId), users: this.state.world.users },
    );
  }

  autocomplete(input: AutocompleteInput): InteractionHandle {
    return this.actions.autocomplete(input);
  }

  /**
   * Autocomplete from the app installed to the user's account, outside any guild (runUserInstallCommand's
   * places and refusals): the option being typed is `focused`.
   */
  autocompleteUserInstall(input: UserInstallCommandInput & { focused: FocusedOption }): InteractionHandle {
    return this.actions.userInstalls.autocomplete(input);
  }

  /** autocompleteUserInstall on a typed line: `line` holds the other options, `focused` the one being typed. */
  autocompleteUserInstallLine(
    input: Pick<UserInstallCommandInput, "userId" | "context" | "withUserIds" | "locale"> & {
      line: string;
      focused: FocusedOption;
      namesFromGuildId: string;
    },
  ): InteractionHandle {
    const { line, focused, namesFromGuildId, ...context } = input;
    const invocation = this.parseGlobalLine(line, namesFromGuildId);
    return this.actions.userInstalls.autocomplete({ ...context, ...invocation, focused });
  }

  /** Autocomplete on a typed line: `line` holds the other options, `focused` the one being typed. */
  autocompleteLine(input: MemberContext & { line: string; focused: FocusedOption }): InteractionHandle {
    const invocation = parseCommandLine(input.line, (name) => this.state.commands.find(input.guildId, name), {
      guild: this.state.world.requireGuild(input.guildId),
      users: this.state.world.users,
    });
    const { line: _line, focused, ...context } = input;
    return this.actions.autocomplete({ ...context, ...invocation, focused });
  }

  pressButton(input: Omit<PressComponentInput, "values">): InteractionHandle {
    return this.actions.pressComponent(input);
  }

  selectMenu(input: PressComponentInput & { values: readonly string[] }): InteractionHandle {
    return this.actions.pressComponent(input);
  }

  submitModal(input: SubmitModalInput): InteractionHandle {
    return this.actions.submitModal(input);
  }
}
