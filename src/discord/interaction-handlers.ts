import type {
  InteractionContextType,
  APIApplicationCommandOptionChoice,
  APIApplicationCommandAutocompleteInteraction,
  APIChatInputApplicationCommandInteraction,
  APIMessageComponentInteraction,
  APIModalSubmitInteraction,
} from "discord-api-types/v10";
import type { Logger } from "../logger.js";
import type { CommandDefinition } from "./command-definition.js";
import type { CommandArguments } from "./command-arguments.js";
import type { InteractionResponder } from "./interaction-responder.js";

/**
 * Who is acting, where. `guildId` is undefined outside a server: in the bot's DM or a private channel, from the
 * app installed to the member's own account (docs/architecture.md, "Commands", "Outside a server").
 */
export interface Actor {
  readonly guildId: string | undefined;
  readonly channelId: string | undefined;
  /** The type of that channel (Discord's channel types), when Discord sent it. */
  readonly channelType?: number | undefined;
  readonly userId: string;
  readonly username: string;
  /** The member's name in this server: nickname, else display name, else username. */
  readonly displayName: string;
  /** The member's permissions in the channel, as Discord computed them. */
  readonly permissions: bigint;
  /** The bot's own permissions in that channel (`app_permissions`), when Discord sent them. */
  readonly appPermissions?: bigint | undefined;
  /** The member's roles in this server, as Discord sent them; none outside a server. */
  readonly roleIds?: readonly string[] | undefined;
  /** The member's own DM with the bot (interaction context BOT_DM), where no one else sees an answer. */
  readonly inBotDm?: boolean | undefined;
  readonly locale: string;
}

/** The actor of a command that only runs in a server: the dispatcher refuses it anywhere else. */
export interface ServerActor extends Actor {
  readonly guildId: string;
}

interface BaseContext<A extends Actor = Actor> {
  readonly actor: A;
  readonly responder: InteractionResponder;
  readonly logger: Logger;
}

export interface CommandContext<Args, A extends Actor = Actor> extends BaseContext<A> {
  readonly args: Args;
  readonly interaction: APIChatInputApplicationCommandInteraction;
}

export interface AutocompleteContext<A extends Actor = Actor> extends BaseContext<A> {
  readonly subcommand: string | undefined;
  readonly focused: { readonly name: string; readonly value: string };
  readonly interaction: APIApplicationCommandAutocompleteInteraction;
}

export interface ComponentContext extends BaseContext {
  /** The custom id split on ":", without the handler's prefix. */
  readonly params: readonly string[];
  readonly values: readonly string[];
  readonly interaction: APIMessageComponentInteraction;
}

export interface ModalContext extends BaseContext {
  readonly params: readonly string[];
  readonly fields: Readonly<Record<string, string>>;
  readonly interaction: APIModalSubmitInteraction;
}

/**
 * How the dispatcher acknowledges a command before the handler runs: defer ephemerally or publicly (Discord's
 * 3 s deadline, docs/architecture.md, "Commands"), or not at all for handlers that answer at once (a modal, a
 * quick reply).
 */
export type Acknowledgement = "ephemeral" | "public" | "none";

type CommandData = CommandDefinition;

/** A command whose data allows servers alone gets a `ServerActor`: its handlers always have a guild. */
export type ActorOf<Data extends CommandData> = Data extends {
  readonly contexts: readonly [InteractionContextType.Guild];
}
  ? ServerActor
  : Actor;

export interface SlashCommand<Deps, Data extends CommandData = CommandData> {
  readonly data: Data;
  readonly acknowledge: Acknowledgement | ((args: CommandArguments<Data>) => Acknowledgement);
  /**
   * For a command usable outside servers: whether these arguments (a subcommand) still need a server. Discord
   * takes `contexts` per top-level command, so the dispatcher refuses those in a DM with a plain reply.
   */
  readonly serverOnly?: (args: CommandArguments<Data>) => boolean;
  run(deps: Deps, context: CommandContext<CommandArguments<Data>, ActorOf<Data>>): Promise<void>;
  autocomplete?(
    deps: Deps,
    context: AutocompleteContext<ActorOf<Data>>,
  ): Promise<readonly APIApplicationCommandOptionChoice[]>;
}

/** A handler for buttons and selects whose custom id starts with `prefix:`. */
export interface ComponentHandler<Deps> {
  readonly prefix: string;
  run(deps: Deps, context: ComponentContext): Promise<void>;
}

/** A handler for modals whose custom id starts with `prefix:`. */
export interface ModalHandler<Deps> {
  readonly prefix: string;
  run(deps: Deps, context: ModalContext): Promise<void>;
}

/** Erases a command's data type so commands with different options sit in one list. */
export function defineCommand<Deps, Data extends CommandData>(
  command: SlashCommand<Deps, Data>,
): SlashCommand<Deps> {
  return command;
}
