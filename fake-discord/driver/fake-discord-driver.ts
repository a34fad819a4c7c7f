// What tests and the playground drive the fake Discord with (docs/architecture.md, "The stand-ins"): the
// admins of roles, threads, scheduled events and OAuth2, held answers, the fake's stats, and acting as a
// member. The world it builds is fake-discord-world-building.ts's, and what it reads fake-discord-reads.ts's.
import { ApplicationCommandType } from "discord.js";
import type { FakeDiscordState, FakeDiscordStats } from "../fake-discord-state.js";
import { createEmptyStats } from "../fake-discord-state.js";
import type { FocusedOption } from "../interactions/build-command-data.js";
import type { InteractionHandle } from "../interactions/interaction-handle.js";
import type { FakeUser } from "../world/world-types.js";
import type {
  AutocompleteInput,
  MemberActions,
  MemberContext,
  PressComponentInput,
  RunCommandInput,
  SubmitModalInput,
} from "./member-actions.js";
import { FakeDiscordWorldBuilding } from "./fake-discord-world-building.js";
import { parseCommandLine } from "./parse-command-line.js";
import { OAuth2Admin } from "./oauth2-admin.js";
import type { UserInstallCommandInput } from "./user-install-actions.js";
import { RoleAdmin } from "./role-admin.js";
import { ScheduledEventAdmin } from "./scheduled-event-admin.js";
import { ThreadAdmin } from "./thread-admin.js";
import type { ResponseHold } from "../rest/response-holds.js";

/**
 * What tests and the playground use: build a world, act as members, read what the bot did. Every id
 * it hands out is a realistic snowflake.
 */
export class FakeDiscordDriver extends FakeDiscordWorldBuilding {
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

  /**
   * Holds `method` requests whose path (after /api/v10) matches `path` before their route acts: nothing is
   * done until `release()`, as when Discord is slow to take a request or it waits on its way. For a request the
   * bot sent that has not yet taken effect while another instance acts.
   */
  holdRequests(method: string, path: RegExp): ResponseHold {
    return this.state.requestHolds.hold(method, path);
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
