import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type APIApplicationCommand,
} from "discord.js";
import { CommandHiddenError } from "../commands/command-visibility.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { buildCommandData, type FocusedOption } from "../interactions/build-command-data.js";
import type { CommandInvocation } from "../interactions/command-options.js";
import { InteractionHandle } from "../interactions/interaction-handle.js";
import { interactionType } from "../interactions/interaction-record.js";
import { buildUserInstallEnvelope, type PrivateChannel } from "../interactions/user-install-envelope.js";
import type { DeliverInteraction } from "./member-actions.js";

export interface UserInstallCommandInput extends CommandInvocation {
  userId: string;
  /** "bot-dm": the user's DM with the bot (context 1, BOT_DM); "private-channel": a DM or group DM of users (2). */
  context: "bot-dm" | "private-channel";
  /** In a private channel, the other users in it: one makes a DM, more a group DM. */
  withUserIds?: readonly string[];
  locale?: string;
}

/**
 * Slash commands from the app installed to a user's account, run outside any guild. Like Discord's client,
 * it refuses (throws CommandHiddenError) unless the user added the app, the command is global, its
 * `integration_types` include USER_INSTALL and its `contexts` the place it is run in.
 */
export class UserInstallActions {
  /** One channel per set of people, so running twice in "the same DM" lands in the same channel. */
  private readonly channels = new Map<string, string>();

  constructor(
    private readonly state: FakeDiscordState,
    private readonly deliver: DeliverInteraction,
    private readonly defaultTimeoutMs: number,
  ) {}

  runCommand(input: UserInstallCommandInput): InteractionHandle {
    return this.send(input, interactionType.applicationCommand);
  }

  /**
   * The option being typed (`focused`) sent to the bot for choices (type 4), with the options typed so far,
   * from the same place a command would run: Discord's client asks while the user types in the DM.
   */
  autocomplete(input: UserInstallCommandInput & { focused: FocusedOption }): InteractionHandle {
    return this.send(input, interactionType.autocomplete, input.focused);
  }

  private send(
    input: UserInstallCommandInput,
    type: typeof interactionType.applicationCommand | typeof interactionType.autocomplete,
    focused?: FocusedOption,
  ): InteractionHandle {
    const channel = this.privateChannel(input);
    const command = this.findUsableCommand(input, channel.context);
    const data = buildCommandData(
      command,
      input,
      {
        world: this.state.world,
        attachments: this.state.attachments,
        guildId: null,
        channelId: channel.id,
        userId: input.userId,
      },
      focused,
    );
    const context = {
      world: this.state.world,
      applicationId: this.state.applicationId,
      userId: input.userId,
      channel,
      locale: input.locale ?? "en-US",
    };
    const record = this.state.interactions.create({
      type,
      guildId: null,
      channelId: channel.id,
      userId: input.userId,
      commandName: command.name,
      sourceMessageId: null,
      buildPayload: (id, token) => ({ ...buildUserInstallEnvelope(context, id, token, type), data }),
    });
    this.deliver(record);
    return new InteractionHandle(this.state, record, this.defaultTimeoutMs);
  }

  private privateChannel(input: UserInstallCommandInput): PrivateChannel {
    this.state.world.requireUser(input.userId);
    const isBotDm = input.context === "bot-dm";
    const otherUserIds = isBotDm ? [this.state.world.botUser.id] : [...(input.withUserIds ?? [])].sort();
    if (otherUserIds.length === 0) throw new Error("A private channel needs withUserIds: the others in it");
    const key = [input.userId, ...otherUserIds].sort().join(",");
    let id = this.channels.get(key);
    if (id === undefined) {
      id = this.state.nextId();
      this.channels.set(key, id);
    }
    const context = isBotDm ? InteractionContextType.BotDM : InteractionContextType.PrivateChannel;
    return { id, context, otherUserIds };
  }

  /** The global chat-input command Discord's client would offer and run from the user's install there. */
  private findUsableCommand(
    input: UserInstallCommandInput,
    context: InteractionContextType,
  ): APIApplicationCommand {
    const username = this.state.world.requireUser(input.userId).username;
    const refuse = (why: string) =>
      new CommandHiddenError(
        `${username} cannot use /${input.name} here: ${why}, so Discord neither lists nor runs it.`,
      );
    if (!this.state.oauth2.userInstalls.has(input.userId))
      throw refuse(`they have not added ${this.state.applicationName} to their account`);
    const command = this.state.commands
      .list()
      .find(
        (candidate) => candidate.name === input.name && candidate.type === ApplicationCommandType.ChatInput,
      );
    if (command === undefined) throw new Error(`/${input.name} is not registered globally`);
    const refusal = userInstallRefusal(command, context);
    if (refusal !== undefined) throw refuse(refusal);
    return command;
  }
}

/**
 * Why Discord's client would neither list nor run a global command from a user install in `context`, or
 * undefined when it would. Only global commands take integration_types and contexts; left out, a command is
 * for guild installs (the fake stores `[0]`) and every context, less BOT_DM when `dm_permission` is false
 * (docs: Interactions, Application Commands — Contexts and Installation Context).
 */
export function userInstallRefusal(
  command: APIApplicationCommand,
  context: InteractionContextType,
): string | undefined {
  if (!(command.integration_types ?? []).includes(ApplicationIntegrationType.UserInstall))
    return "its integration_types leave out USER_INSTALL (1)";
  // Deprecated, but bots still send it and Discord still honours it when `contexts` is left out.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const dmAllowed = command.dm_permission !== false;
  const allowed =
    command.contexts ??
    [
      InteractionContextType.Guild,
      InteractionContextType.BotDM,
      InteractionContextType.PrivateChannel,
    ].filter((each) => each !== InteractionContextType.BotDM || dmAllowed);
  if (!allowed.includes(context))
    return `its contexts leave out ${InteractionContextType[context]} (${context})`;
  return undefined;
}
