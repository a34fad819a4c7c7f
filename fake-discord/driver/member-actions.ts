import type { APIApplicationCommand } from "discord.js";
import { canSeeCommand, hiddenCommandError } from "../commands/command-visibility.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { buildCommandData, type FocusedOption } from "../interactions/build-command-data.js";
import {
  buildComponentData,
  buildModalSubmitData,
  findComponent,
} from "../interactions/build-component-data.js";
import type { CommandInvocation } from "../interactions/command-options.js";
import { buildInteractionEnvelope } from "../interactions/interaction-envelope.js";
import { InteractionHandle } from "../interactions/interaction-handle.js";
import { callbackType, interactionType, type InteractionRecord } from "../interactions/interaction-record.js";
import { isEphemeral, type StoredMessage } from "../messages/message-types.js";
import { renderMessage } from "../messages/render-message.js";
import { followUserInstallEnvelope } from "../interactions/user-install-envelope.js";
import { renderUser } from "../world/render-world.js";
import { UserInstallActions } from "./user-install-actions.js";

export interface MemberContext {
  guildId: string;
  channelId: string;
  userId: string;
  /** The member's client locale; "en-US" unless given. */
  locale?: string;
}

export interface RunCommandInput extends MemberContext, CommandInvocation {
  /** Acts as if a server admin allowed this member the command despite default_member_permissions. */
  bypassCommandPermissions?: boolean;
}

export interface AutocompleteInput extends MemberContext, CommandInvocation {
  focused: FocusedOption;
}

export interface PressComponentInput {
  /** The message carrying the component, or its id. */
  message: StoredMessage | string;
  customId: string;
  userId: string;
  /** Selected values, for select menus. */
  values?: readonly string[];
  locale?: string;
}

export interface SubmitModalInput {
  /** The interaction the bot answered with the modal. */
  from: InteractionHandle;
  fields: Readonly<Record<string, string>>;
  /** When given, must match the modal's custom_id (a guard against filling in the wrong modal). */
  customId?: string;
}

/** Sends an interaction to the bot over the configured transport (gateway or HTTP). */
export type DeliverInteraction = (record: InteractionRecord) => void;

/**
 * Acting as a member: each action builds the interaction Discord would send, delivers it and hands
 * back an InteractionHandle. Actions Discord's client would refuse (unknown option, hidden command,
 * disabled button) throw here instead.
 */
export class MemberActions {
  /** Commands from the app installed to a user's account, outside guilds. */
  readonly userInstalls: UserInstallActions;

  constructor(
    private readonly state: FakeDiscordState,
    private readonly deliver: DeliverInteraction,
    private readonly defaultTimeoutMs: number,
  ) {
    this.userInstalls = new UserInstallActions(state, deliver, defaultTimeoutMs);
  }

  runCommand(input: RunCommandInput): InteractionHandle {
    const command = this.findVisibleCommand(input, input.bypassCommandPermissions === true);
    const data = buildCommandData(command, input, this.resolveContext(input));
    return this.send(input, interactionType.applicationCommand, data, {
      commandName: command.name,
      sourceMessageId: null,
    });
  }

  autocomplete(input: AutocompleteInput): InteractionHandle {
    const command = this.findVisibleCommand(input, true);
    const data = buildCommandData(command, input, this.resolveContext(input), input.focused);
    return this.send(input, interactionType.autocomplete, data, {
      commandName: command.name,
      sourceMessageId: null,
    });
  }

  /** Presses a button or picks values in a select menu on a message the bot sent. */
  pressComponent(input: PressComponentInput): InteractionHandle {
    const message =
      typeof input.message === "string"
        ? this.state.messages.get(input.message)
        : this.state.messages.get(input.message.id);
    if (message === undefined) throw new Error("The message with that component does not exist (deleted?)");
    if (isEphemeral(message) && message.interaction?.userId !== input.userId)
      throw new Error("Only the member who got an ephemeral message can use it");
    const component = findComponent(message.components, input.customId);
    if (component === undefined) throw new Error(`The message has no component "${input.customId}"`);
    if (component.disabled === true) throw new Error(`The component "${input.customId}" is disabled`);
    const rendered = renderMessage(message, (id) => this.state.world.users.get(id), this.state.applicationId);
    const data = buildComponentData(component, input.values);
    const link = { commandName: null, sourceMessageId: message.id, extra: { message: rendered } };
    if (message.guildId === null) {
      const earlier = this.state.interactions.byId(message.interaction?.interactionId ?? "");
      if (earlier === undefined)
        throw new Error("Outside a guild, only messages answering a command have components");
      return this.sendOutsideGuild(earlier, input.userId, interactionType.messageComponent, data, link);
    }
    const context = {
      guildId: message.guildId,
      channelId: message.channelId,
      userId: input.userId,
      ...(input.locale === undefined ? {} : { locale: input.locale }),
    };
    return this.send(context, interactionType.messageComponent, data, link);
  }

  submitModal(input: SubmitModalInput): InteractionHandle {
    const opener = input.from.record;
    if (opener.callback?.type !== callbackType.modal || opener.callback.data === null)
      throw new Error("That interaction did not open a modal");
    const modal = opener.callback.data;
    if (input.customId !== undefined && modal.custom_id !== input.customId) {
      throw new Error(`The open modal is "${String(modal.custom_id)}", not "${input.customId}"`);
    }
    const source =
      opener.sourceMessageId === null ? undefined : this.state.messages.get(opener.sourceMessageId);
    const extra =
      source === undefined
        ? {}
        : {
            message: renderMessage(source, (id) => this.state.world.users.get(id), this.state.applicationId),
          };
    const data = buildModalSubmitData(modal, input.fields);
    const link = { commandName: null, sourceMessageId: source?.id ?? null, extra };
    if (opener.guildId === null)
      return this.sendOutsideGuild(opener, opener.userId, interactionType.modalSubmit, data, link);
    return this.send(
      { guildId: opener.guildId, channelId: opener.channelId, userId: opener.userId },
      interactionType.modalSubmit,
      data,
      link,
    );
  }

  /** The commands the member's client lists in the guild, hidden ones left out. */
  listVisibleCommands(guildId: string, userId: string): APIApplicationCommand[] {
    const guild = this.state.world.requireGuild(guildId);
    const member = this.state.world.requireMember(guildId, userId);
    return this.state.commands.offeredIn(guildId).filter((command) => canSeeCommand(command, guild, member));
  }

  /** The command as the member's client lists it; hidden by default_member_permissions unless bypassed. */
  private findVisibleCommand(
    input: MemberContext & CommandInvocation,
    bypassPermissions: boolean,
  ): APIApplicationCommand {
    const command = this.state.commands.find(input.guildId, input.name);
    if (command === undefined)
      throw new Error(`/${input.name} is not registered, globally or in guild ${input.guildId}`);
    if (bypassPermissions) return command;
    const guild = this.state.world.requireGuild(input.guildId);
    const member = this.state.world.requireMember(input.guildId, input.userId);
    if (canSeeCommand(command, guild, member)) return command;
    const username = this.state.world.users.get(input.userId)?.username ?? `Member ${input.userId}`;
    throw hiddenCommandError(command, username);
  }

  private resolveContext(input: MemberContext) {
    return {
      world: this.state.world,
      attachments: this.state.attachments,
      guildId: input.guildId,
      channelId: input.channelId,
      userId: input.userId,
    };
  }

  /** A press or submit after an interaction outside a guild: same channel, context and owners, its own user. */
  private sendOutsideGuild(
    earlier: InteractionRecord,
    userId: string,
    type: number,
    data: Record<string, unknown>,
    link: { commandName: string | null; sourceMessageId: string | null; extra?: Record<string, unknown> },
  ): InteractionHandle {
    const user = renderUser(this.state.world.requireUser(userId));
    const record = this.state.interactions.create({
      type,
      guildId: null,
      channelId: earlier.channelId,
      userId,
      commandName: link.commandName,
      sourceMessageId: link.sourceMessageId,
      buildPayload: (id, token) => ({
        ...followUserInstallEnvelope(earlier.payload, id, token, type),
        user,
        data,
        ...link.extra,
      }),
    });
    this.deliver(record);
    return new InteractionHandle(this.state, record, this.defaultTimeoutMs);
  }

  private send(
    context: MemberContext,
    type: number,
    data: Record<string, unknown>,
    link: { commandName: string | null; sourceMessageId: string | null; extra?: Record<string, unknown> },
  ): InteractionHandle {
    const envelopeContext = {
      ...context,
      world: this.state.world,
      applicationId: this.state.applicationId,
      locale: context.locale ?? "en-US",
    };
    const record = this.state.interactions.create({
      type,
      guildId: context.guildId,
      channelId: context.channelId,
      userId: context.userId,
      commandName: link.commandName,
      sourceMessageId: link.sourceMessageId,
      buildPayload: (id, token) => ({
        ...buildInteractionEnvelope(envelopeContext, id, token, type),
        data,
        ...link.extra,
      }),
    });
    this.deliver(record);
    return new InteractionHandle(this.state, record, this.defaultTimeoutMs);
  }
}
