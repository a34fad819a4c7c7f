import { randomBytes } from "node:crypto";
import type { REST } from "@discordjs/rest";
import {
  type APIApplicationCommandAutocompleteInteraction,
  type APIChatInputApplicationCommandInteraction,
  type APIInteraction,
  type APIMessageComponentInteraction,
  type APIModalSubmitInteraction,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  InteractionType,
} from "discord-api-types/v10";
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import { readCommandArguments } from "./command-arguments.js";
import type { Actor, ComponentHandler, ModalHandler, SlashCommand } from "./interaction-handlers.js";
import { type InitialResponseSender, InteractionResponder, type Reply } from "./interaction-responder.js";
import { describePermissions } from "./permission-names.js";
import { hasPermissions, readActor } from "./read-actor.js";
import { needsServerError } from "./require-server.js";
import { UserFacingError } from "./user-facing-error.js";
import { withinBudget } from "./within-budget.js";

/**
 * How long suggestions may take: an autocomplete answer, like any first response, must reach Discord within
 * its 3 s (docs/architecture.md, "The 3-second deadline"); the rest is the margin for the answer itself.
 */
const autocompleteBudgetMs = 2_000;

export interface InteractionOutcome {
  readonly kind: "command" | "autocomplete" | "component" | "modal";
  readonly name: string;
  readonly outcome: "ok" | "user_error" | "error";
  readonly durationMs: number;
}

export interface DispatcherOptions<Deps> {
  readonly deps: Deps;
  readonly commands: readonly SlashCommand<Deps>[];
  readonly components: readonly ComponentHandler<Deps>[];
  readonly modals: readonly ModalHandler<Deps>[];
  readonly rest: REST;
  readonly logger: Logger;
  readonly clock: Clock;
  /** Turns known errors (platform errors, expired links…) into a safe reply; undefined for the unexpected. */
  readonly describeError?: (error: unknown) => UserFacingError | undefined;
  /** Called once per interaction when the handler is done, answered or not. */
  readonly onFinished?: (outcome: InteractionOutcome, interactionId: string) => void;
}

export type DispatchInteraction = (
  interaction: APIInteraction,
  sendInitial?: InitialResponseSender,
) => Promise<void>;

/**
 * The one place interactions enter (docs/conventions.md, habit 3): lookup, logging, timing, acknowledgement
 * and error rendering. Handlers contain no plumbing try/catch.
 */
export function createInteractionDispatcher<Deps>(options: DispatcherOptions<Deps>): DispatchInteraction {
  const commands = new Map(options.commands.map((command) => [command.data.name, command]));
  const byPrefix = <Handler extends { prefix: string }>(handlers: readonly Handler[], customId: string) => {
    const [prefix = "", ...params] = customId.split(":");
    const handler = handlers.find((candidate) => candidate.prefix === prefix);
    return handler === undefined ? undefined : { handler, params };
  };

  return async (interaction, sendInitial) => {
    const responder = new InteractionResponder(options.rest, interaction, sendInitial);
    const actor = readActor(interaction);
    const name = describeInteraction(interaction);
    const logger = options.logger.child({
      command: name.name,
      guildId: actor?.guildId,
      userId: actor?.userId,
      interactionId: interaction.id,
    });
    const started = options.clock.now();
    let outcome: InteractionOutcome["outcome"] = "ok";
    try {
      if (interaction.type === InteractionType.Ping) return;
      if (actor === undefined)
        throw new UserFacingError("unknown_actor", "Discord did not say who ran this, so it was not run.");
      switch (interaction.type) {
        case InteractionType.ApplicationCommand:
          // The bot registers no user or message commands; one that arrives anyway is refused, not left unanswered.
          if (interaction.data.type !== ApplicationCommandType.ChatInput)
            throw new UserFacingError("unknown_command", "This command is not available.");
          await runCommand(interaction as APIChatInputApplicationCommandInteraction, actor);
          break;
        case InteractionType.ApplicationCommandAutocomplete:
          await runAutocomplete(interaction, actor);
          break;
        case InteractionType.MessageComponent:
          await runComponent(interaction, actor);
          break;
        case InteractionType.ModalSubmit:
          await runModal(interaction, actor);
          break;
      }
    } catch (error) {
      outcome = await renderError(error, responder, logger, interaction.type);
    } finally {
      const durationMs = options.clock.now() - started;
      logger.debug({ durationMs, outcome }, "interaction handled");
      options.onFinished?.({ kind: name.kind, name: name.name, outcome, durationMs }, interaction.id);
    }

    async function runCommand(interaction: APIChatInputApplicationCommandInteraction, actor: Actor) {
      const command = commands.get(interaction.data.name);
      if (command === undefined)
        throw new UserFacingError("unknown_command", "This command is not available.");
      const args = readCommandArguments(interaction.data) as never;
      // Outside a server there are no server permissions to check: say what is missing first.
      if (actor.guildId === undefined && needsServer(command, args)) throw needsServerError();
      refuseWithoutPermissions(command, actor);
      const acknowledgement =
        typeof command.acknowledge === "function" ? command.acknowledge(args) : command.acknowledge;
      if (acknowledgement !== "none") await responder.defer({ ephemeral: acknowledgement === "ephemeral" });
      await command.run(options.deps, { actor, args, interaction, responder, logger });
    }

    async function runAutocomplete(interaction: APIApplicationCommandAutocompleteInteraction, actor: Actor) {
      const command = commands.get(interaction.data.name);
      const { subcommand, focused } = readFocusedOption(interaction);
      // A server may show an admin command to anyone (docs/architecture.md, "Commands"); its suggestions
      // (channel names, private ones included) are refused like the command itself, and renderError answers
      // no choices. So are a server-only subcommand's outside a server: Discord's client offers every
      // subcommand of a command that reaches DMs, though running it there is refused. (`serverOnly` reads the
      // subcommand: the options of an autocomplete are only those typed so far.)
      const typed = { group: undefined, subcommand, options: {} } as never;
      if (command !== undefined && actor.guildId === undefined && needsServer(command, typed))
        throw needsServerError();
      if (command !== undefined) refuseWithoutPermissions(command, actor);
      const suggesting =
        command?.autocomplete === undefined || focused === undefined
          ? Promise.resolve([])
          : command.autocomplete(options.deps, {
              actor,
              subcommand,
              focused,
              interaction,
              responder,
              logger,
            });
      const choices = await withinBudget(suggesting, autocompleteBudgetMs);
      await responder.autocomplete((choices ?? []).slice(0, 25));
      if (choices !== undefined) return;
      // Too late for Discord, which was answered no choices; still waited for, so a stop counts it in flight.
      logger.warn({ budgetMs: autocompleteBudgetMs }, "suggestions took too long: answered none");
      await suggesting.catch((error: unknown) => {
        logger.warn({ err: error }, "suggestions failed after the answer");
      });
    }

    async function runComponent(interaction: APIMessageComponentInteraction, actor: Actor) {
      const match = byPrefix(options.components, interaction.data.custom_id);
      if (match === undefined)
        throw new UserFacingError("unknown_component", "This button is no longer active.");
      const values = "values" in interaction.data ? interaction.data.values : [];
      await match.handler.run(options.deps, {
        actor,
        params: match.params,
        values,
        interaction,
        responder,
        logger,
      });
    }

    async function runModal(interaction: APIModalSubmitInteraction, actor: Actor) {
      const match = byPrefix(options.modals, interaction.data.custom_id);
      if (match === undefined) throw new UserFacingError("unknown_modal", "This form is no longer active.");
      const fields = readModalFields(interaction);
      await match.handler.run(options.deps, {
        actor,
        params: match.params,
        fields,
        interaction,
        responder,
        logger,
      });
    }
  };

  /**
   * Outside a server, a command whose data keeps it in servers is refused (stale command data can still offer
   * it), and so is a server-only subcommand of a command that reaches DMs (docs/architecture.md, "Outside a
   * server").
   */
  function needsServer(command: SlashCommand<Deps>, args: never): boolean {
    return !reachesOutsideServers(command) || command.serverOnly?.(args) === true;
  }

  /** Admin commands are re-checked at run time (docs/architecture.md, "Commands"), with the member's permissions. */
  function refuseWithoutPermissions(command: SlashCommand<Deps>, actor: Actor): void {
    if (!hasPermissions(actor, command.data.default_member_permissions)) {
      const required = BigInt(command.data.default_member_permissions ?? "0");
      throw new UserFacingError(
        "missing_permissions",
        `You need ${describePermissions(required)} to use /${command.data.name}.`,
      );
    }
  }

  async function renderError(
    error: unknown,
    responder: InteractionResponder,
    logger: Logger,
    type: InteractionType,
  ): Promise<InteractionOutcome["outcome"]> {
    const known = error instanceof UserFacingError ? error : options.describeError?.(error);
    let reply: Reply;
    if (known === undefined) {
      const reference = randomBytes(4).toString("hex");
      logger.error({ err: error, reference }, "interaction failed");
      reply = { content: `Something went wrong on our side. Reference: \`${reference}\`.`, ephemeral: true };
    } else if (known.cause !== undefined) {
      // Told to the member, and worth the operator's look: the cause is logged under a reference they can quote.
      const reference = randomBytes(4).toString("hex");
      logger.warn({ err: known.cause, code: known.code, reference }, "interaction refused");
      reply = { ...known.reply, content: `${known.message} Reference: \`${reference}\`.`, ephemeral: true };
    } else {
      logger.info({ code: known.code }, "interaction refused");
      reply = { content: known.message, ...known.reply, ephemeral: true };
    }
    try {
      if (type === InteractionType.ApplicationCommandAutocomplete) await responder.autocomplete([]);
      else await responder.replyPrivately(reply);
    } catch (sendError) {
      logger.warn({ err: sendError }, "could not tell the member about the error");
    }
    return known === undefined ? "error" : "user_error";
  }
}

function reachesOutsideServers<Deps>(command: SlashCommand<Deps>): boolean {
  const contexts: readonly InteractionContextType[] = command.data.contexts ?? [];
  return (
    contexts.includes(InteractionContextType.BotDM) ||
    contexts.includes(InteractionContextType.PrivateChannel)
  );
}

function describeInteraction(interaction: APIInteraction): {
  kind: InteractionOutcome["kind"];
  name: string;
} {
  switch (interaction.type) {
    case InteractionType.ApplicationCommand:
      return { kind: "command", name: interaction.data.name };
    case InteractionType.ApplicationCommandAutocomplete:
      return { kind: "autocomplete", name: interaction.data.name };
    case InteractionType.MessageComponent:
      return { kind: "component", name: interaction.data.custom_id.split(":")[0] ?? "" };
    case InteractionType.ModalSubmit:
      return { kind: "modal", name: interaction.data.custom_id.split(":")[0] ?? "" };
    default:
      return { kind: "command", name: "ping" };
  }
}

function readFocusedOption(interaction: APIApplicationCommandAutocompleteInteraction) {
  let subcommand: string | undefined;
  let options = interaction.data.options;
  for (;;) {
    const nested = options.find(
      (option) =>
        option.type === ApplicationCommandOptionType.Subcommand ||
        option.type === ApplicationCommandOptionType.SubcommandGroup,
    );
    if (nested === undefined || !("options" in nested)) break;
    if (nested.type === ApplicationCommandOptionType.Subcommand) subcommand = nested.name;
    options = nested.options ?? [];
  }
  const focused = options.find((option) => "focused" in option && option.focused);
  return {
    subcommand,
    focused:
      focused === undefined || !("value" in focused)
        ? undefined
        : { name: focused.name, value: String(focused.value) },
  };
}

function readModalFields(interaction: APIModalSubmitInteraction): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const row of interaction.data.components) {
    const components = "components" in row ? row.components : "component" in row ? [row.component] : [];
    for (const component of components) {
      if ("custom_id" in component && "value" in component && typeof component.value === "string") {
        fields[component.custom_id] = component.value;
      }
    }
  }
  return fields;
}
