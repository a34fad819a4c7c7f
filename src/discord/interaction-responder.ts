import { setTimeout as sleep } from "node:timers/promises";
import { DiscordAPIError, type RawFile, type REST } from "@discordjs/rest";
import {
  type APIApplicationCommandOptionChoice,
  type APIInteractionResponse,
  type APIMessage,
  type APIModalInteractionResponseCallbackData,
  InteractionResponseType,
  MessageFlags,
  Routes,
} from "discord-api-types/v10";
import { type MessageBody, normaliseMessage } from "./message-limits.js";

/** A reply as handlers write it: a message body, optional files, and whether only the member sees it. */
export interface Reply extends MessageBody {
  readonly ephemeral?: boolean;
  readonly files?: readonly RawFile[];
}

/**
 * Sends the interaction's first response. Over the gateway it is a REST callback; in HTTP interactions mode it
 * is the body of the HTTP answer, so the same handlers serve both
 * (docs/architecture.md, "Growing past one machine").
 */
export type InitialResponseSender = (
  response: APIInteractionResponse,
  files: readonly RawFile[],
) => Promise<void>;

export interface InteractionIdentity {
  readonly id: string;
  readonly token: string;
  readonly application_id: string;
}

type ResponderState = "pending" | "deferred" | "replied";

/** Unknown Message, Unknown Webhook: what Discord answers about an interaction answer it has not processed yet. */
const notYetProcessedCodes: ReadonlySet<unknown> = new Set([10008, 10015]);
/** Waits before each retry, 0.75 s in all; a message still unknown after that is taken as really gone. */
const notYetProcessedWaitsMs = [50, 100, 200, 400] as const;

function toMessageData(reply: Reply) {
  const { ephemeral, files: _files, ...body } = reply;
  const message = normaliseMessage(body);
  if (ephemeral !== true) return message;
  // Flags are a bit field; the enum type cannot express a combination.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  const flags = ((message.flags ?? 0) | MessageFlags.Ephemeral) as MessageFlags;
  return { ...message, flags };
}

/** Answers one interaction; tracks whether it was acknowledged so handlers never answer twice. */
export class InteractionResponder {
  #state: ResponderState = "pending";
  /** What the first response was, so an error after it goes where only the member sees it. */
  #deferredAs: "ephemeral" | "public" | "update" | undefined;
  /** Whether "@original" holds a progress line (showProgress) rather than an answer. */
  #showingProgress = false;
  readonly #sendInitial: InitialResponseSender;
  /**
   * Whether a webhook call (edit, follow-up, delete) may reach Discord before the first response it builds on:
   * in HTTP mode the first response is an HTTP answer, which Discord reads on its own time, so a call sent
   * right after it can find no message yet. False over REST (the callback's answer says it was processed) and
   * once one webhook call succeeded.
   */
  #mayOutrunAnswer: boolean;

  constructor(
    private readonly rest: REST,
    private readonly interaction: InteractionIdentity,
    sendInitial?: InitialResponseSender,
  ) {
    this.#mayOutrunAnswer = sendInitial !== undefined;
    this.#sendInitial =
      sendInitial ??
      (async (response, files) => {
        await rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
          body: response,
          files: [...files],
          auth: false,
        });
      });
  }

  get acknowledged(): boolean {
    return this.#state !== "pending";
  }

  async defer(options: { ephemeral: boolean }): Promise<void> {
    if (this.acknowledged) return;
    this.#state = "deferred";
    this.#deferredAs = options.ephemeral ? "ephemeral" : "public";
    await this.#sendInitial(
      {
        type: InteractionResponseType.DeferredChannelMessageWithSource,
        data: options.ephemeral ? { flags: MessageFlags.Ephemeral } : {},
      },
      [],
    );
  }

  /** For buttons: acknowledge now, edit the message later. */
  async deferUpdate(): Promise<void> {
    if (this.acknowledged) return;
    this.#state = "deferred";
    this.#deferredAs = "update";
    await this.#sendInitial({ type: InteractionResponseType.DeferredMessageUpdate }, []);
  }

  /** The command's answer: the first response, or an edit of the deferred one. */
  async reply(reply: Reply): Promise<void> {
    if (this.#state === "pending") {
      this.#state = "replied";
      await this.#sendInitial(
        { type: InteractionResponseType.ChannelMessageWithSource, data: toMessageData(reply) },
        reply.files ?? [],
      );
      return;
    }
    await this.editOriginal(reply);
  }

  /** For buttons: replace the message the button sits on. */
  async update(reply: Reply): Promise<void> {
    if (this.#state === "pending") {
      this.#state = "replied";
      await this.#sendInitial(
        { type: InteractionResponseType.UpdateMessage, data: toMessageData(reply) },
        reply.files ?? [],
      );
      return;
    }
    await this.editOriginal(reply);
  }

  /**
   * A step of a long operation ("⏳ Fetching…") shown in place of the answer to come; unlike an answer, an
   * error replaces it.
   */
  async showProgress(reply: Reply): Promise<void> {
    await this.editOriginal(reply);
    this.#showingProgress = true;
  }

  /** Edits "@original"; returns the message as Discord now has it (its id locates a battle card later). */
  async editOriginal(reply: Reply): Promise<APIMessage> {
    const { flags: _flags, ...message } = toMessageData(reply);
    const edited = (await this.#callWebhook(() =>
      this.rest.patch(
        Routes.webhookMessage(this.interaction.application_id, this.interaction.token, "@original"),
        {
          body: message,
          files: [...(reply.files ?? [])],
          auth: false,
        },
      ),
    )) as APIMessage;
    // Only once Discord took it: after a refused edit "@original" is still "thinking…" (or the progress line),
    // and an error must still replace it where only the member sees it.
    this.#state = "replied";
    this.#showingProgress = false;
    return edited;
  }

  /**
   * Tells only the member that something failed. After a public deferral the "thinking…" message is public and
   * its first edit stays public, so it is deleted and the message goes in an ephemeral follow-up instead.
   */
  async replyPrivately(reply: Reply): Promise<void> {
    const ephemeralReply = { ...reply, ephemeral: true };
    const originalIsTemporary = this.#state === "deferred" || this.#showingProgress;
    if (originalIsTemporary && this.#deferredAs === "public") {
      await this.#callWebhook(() =>
        this.rest.delete(
          Routes.webhookMessage(this.interaction.application_id, this.interaction.token, "@original"),
          { auth: false },
        ),
      );
      this.#state = "replied";
      this.#showingProgress = false;
      await this.followUp(ephemeralReply);
      return;
    }
    // After an ephemeral deferral the reply is the member's own: an error replaces the "thinking…" state or a
    // progress line, which would otherwise stay forever; a finished answer stays, and the error follows it.
    if (originalIsTemporary && this.#deferredAs === "ephemeral") {
      await this.editOriginal({ embeds: [], components: [], ...ephemeralReply });
      return;
    }
    // A button's message must not be overwritten by an error: that goes in a follow-up too.
    if (this.#state === "replied" || this.#deferredAs === "update") await this.followUp(ephemeralReply);
    else await this.reply(ephemeralReply);
  }

  async followUp(reply: Reply): Promise<void> {
    await this.#callWebhook(() =>
      this.rest.post(Routes.webhook(this.interaction.application_id, this.interaction.token), {
        body: toMessageData(reply),
        files: [...(reply.files ?? [])],
        auth: false,
      }),
    );
  }

  async showModal(modal: APIModalInteractionResponseCallbackData): Promise<void> {
    this.#state = "replied";
    await this.#sendInitial({ type: InteractionResponseType.Modal, data: modal }, []);
  }

  async autocomplete(choices: readonly APIApplicationCommandOptionChoice[]): Promise<void> {
    this.#state = "replied";
    await this.#sendInitial(
      { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [...choices] } },
      [],
    );
  }

  /** Runs a call on the interaction's webhook, retried a few times while Discord may not have read the answer. */
  async #callWebhook<T>(call: () => Promise<T>): Promise<T> {
    for (const waitMs of notYetProcessedWaitsMs) {
      if (!this.#mayOutrunAnswer) break;
      try {
        const result = await call();
        this.#mayOutrunAnswer = false;
        return result;
      } catch (error) {
        if (!(error instanceof DiscordAPIError) || !notYetProcessedCodes.has(error.code)) throw error;
        await sleep(waitMs);
      }
    }
    const result = await call();
    this.#mayOutrunAnswer = false;
    return result;
  }
}
