import type { FakeDiscordState } from "../fake-discord-state.js";
import type { StoredMessage } from "../messages/message-types.js";
import { isRecord, listOf } from "../validation/field-checks.js";
import {
  callbackType,
  type InteractionRecord,
  type InteractionState,
  type RecordedCallback,
} from "./interaction-record.js";

/** The bot did not answer within Discord's 3 s; the member saw "This interaction failed". */
export class InteractionExpiredError extends Error {
  constructor(readonly interactionId: string) {
    super(`Interaction ${interactionId} expired: the bot did not respond within the deadline`);
    this.name = "InteractionExpiredError";
  }
}

export interface AutocompleteChoice {
  name: string;
  value: string | number;
}

/** What a test holds after acting as a member: awaits the bot's answer to one interaction. */
export class InteractionHandle {
  constructor(
    private readonly state: FakeDiscordState,
    readonly record: InteractionRecord,
    private readonly defaultTimeoutMs: number,
  ) {}

  get id(): string {
    return this.record.id;
  }

  get token(): string {
    return this.record.token;
  }

  /** The INTERACTION_CREATE payload as sent to the bot. */
  get payload(): Readonly<Record<string, unknown>> {
    return this.record.payload;
  }

  get status(): InteractionState {
    this.state.interactions.checkDeadline(this.record);
    return this.record.state;
  }

  /** Callbacks the bot sent after the deadline (each answered 10062 Unknown interaction). */
  get lateCallbacks(): number {
    return this.record.lateCallbacks;
  }

  /**
   * The initial response; rejects with InteractionExpiredError if the deadline passed first, or at once
   * when the bot's HTTP answer was refused.
   */
  response(timeoutMs = this.defaultTimeoutMs): Promise<RecordedCallback> {
    return this.state.signal.waitFor(
      () => this.readCallback(),
      timeoutMs,
      `the response to interaction ${this.id} (${this.describeDelivery()})`,
    );
  }

  /** Resolves once the deadline passed without an answer (for tests of slow bots). */
  expiry(timeoutMs = this.defaultTimeoutMs): Promise<InteractionRecord> {
    return this.state.signal.waitFor(
      () => (this.state.interactions.checkDeadline(this.record) ? this.record : undefined),
      timeoutMs,
      `interaction ${this.id} to expire`,
    );
  }

  /** The answer the member ends up seeing: the reply, or the deferred message once edited. */
  async waitForFinal(timeoutMs = this.defaultTimeoutMs): Promise<StoredMessage> {
    await this.response(timeoutMs);
    return this.state.signal.waitFor(
      () => (this.record.originalFinal ? this.original() : undefined),
      timeoutMs,
      `the final answer to interaction ${this.id}`,
    );
  }

  /** "@original": the response message (4/5) or the message a component update edited (6/7). */
  original(): StoredMessage | undefined {
    return this.record.originalMessageId === null
      ? undefined
      : this.state.messages.get(this.record.originalMessageId);
  }

  followUps(): StoredMessage[] {
    return this.record.followUpIds.flatMap((id) => this.state.messages.get(id) ?? []);
  }

  waitForFollowUp(
    predicate: (message: StoredMessage) => boolean = () => true,
    timeoutMs = this.defaultTimeoutMs,
  ): Promise<StoredMessage> {
    return this.state.signal.waitFor(
      () => this.followUps().find(predicate),
      timeoutMs,
      `a follow-up to interaction ${this.id}`,
    );
  }

  /** The autocomplete choices the bot answered with (callback type 8). */
  async choices(timeoutMs = this.defaultTimeoutMs): Promise<AutocompleteChoice[]> {
    const callback = await this.response(timeoutMs);
    if (callback.type !== callbackType.autocompleteResult)
      throw new Error(`Expected autocomplete choices, got callback type ${callback.type}`);
    return listOf(callback.data?.choices).filter(isRecord) as unknown as AutocompleteChoice[];
  }

  /** The modal the bot opened (callback type 9), to fill in with `submitModal({ from: handle })`. */
  async modal(timeoutMs = this.defaultTimeoutMs): Promise<Record<string, unknown>> {
    const callback = await this.response(timeoutMs);
    if (callback.type !== callbackType.modal || callback.data === null)
      throw new Error(`Expected a modal, got callback type ${callback.type}`);
    return callback.data;
  }

  private readCallback(): RecordedCallback | undefined {
    if (this.record.callback !== null) return this.record.callback;
    // A refused HTTP answer fails the wait at once, with the reason, rather than at the deadline.
    if (this.record.deliveryFailure !== null)
      throw new Error(`The answer to interaction ${this.id} was refused: ${this.record.deliveryFailure}`);
    if (this.state.interactions.checkDeadline(this.record)) throw new InteractionExpiredError(this.id);
    return undefined;
  }

  private describeDelivery(): string {
    return this.record.delivery === "undelivered"
      ? "it was not delivered: no bot session serves its shard"
      : `delivered over ${this.record.delivery}`;
  }
}
