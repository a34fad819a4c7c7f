import { randomBytes } from "node:crypto";
import type { Clock } from "../clock.js";
import type { ChangeSignal } from "../change-signal.js";
import type { SnowflakeGenerator } from "../snowflake.js";
import type { InteractionRecord } from "./interaction-record.js";

/** Interaction tokens may be used for 15 minutes (docs: Receiving and Responding). */
const tokenLifetimeMs = 15 * 60_000;

export interface NewInteraction {
  type: number;
  guildId: string | null;
  channelId: string;
  userId: string;
  commandName: string | null;
  sourceMessageId: string | null;
  /** Builds the INTERACTION_CREATE payload once the id and token are known. */
  buildPayload(id: string, token: string): Record<string, unknown>;
}

/**
 * Every interaction sent to the bot, by id and token, and the 3-second deadline. The deadline is read
 * from the clock whenever a callback arrives; a timer also marks it so waiting tests learn of it.
 */
export class InteractionRegistry {
  private readonly byIdMap = new Map<string, InteractionRecord>();
  private readonly byTokenMap = new Map<string, InteractionRecord>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly nextId: SnowflakeGenerator,
    private readonly clock: Clock,
    readonly deadlineMs: number,
    private readonly signal: ChangeSignal,
  ) {}

  create(input: NewInteraction): InteractionRecord {
    const id = this.nextId();
    const token = `aW50ZXJhY3Rpb246${id}${randomBytes(48).toString("base64url")}`;
    const now = this.clock.now();
    const record: InteractionRecord = {
      id,
      token,
      type: input.type,
      guildId: input.guildId,
      channelId: input.channelId,
      userId: input.userId,
      commandName: input.commandName,
      payload: input.buildPayload(id, token),
      createdAt: now,
      respondBy: now + this.deadlineMs,
      tokenExpiresAt: now + tokenLifetimeMs,
      state: "pending",
      callback: null,
      sourceMessageId: input.sourceMessageId,
      originalMessageId: null,
      originalFinal: false,
      followUpIds: [],
      lateCallbacks: 0,
      delivery: "undelivered",
      deliveryFailure: null,
    };
    this.byIdMap.set(id, record);
    this.byTokenMap.set(token, record);
    this.scheduleDeadlineCheck();
    return record;
  }

  byId(id: string): InteractionRecord | undefined {
    return this.byIdMap.get(id);
  }

  byToken(token: string): InteractionRecord | undefined {
    return this.byTokenMap.get(token);
  }

  all(): InteractionRecord[] {
    return [...this.byIdMap.values()];
  }

  /** Marks the record expired if its deadline passed unanswered; returns whether it is expired. */
  checkDeadline(record: InteractionRecord): boolean {
    if (record.state === "pending" && this.clock.now() >= record.respondBy) {
      record.state = "expired";
      this.signal.notify();
    }
    return record.state === "expired";
  }

  /** Expires every overdue interaction; tests on a manual clock call it after advancing the clock. */
  expireOverdue(): number {
    let expired = 0;
    for (const record of this.byIdMap.values()) {
      if (record.state === "pending" && this.checkDeadline(record)) expired += 1;
    }
    return expired;
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** A real timer at the deadline; with a manual clock it finds nothing due unless the clock moved. */
  private scheduleDeadlineCheck(): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.expireOverdue();
    }, this.deadlineMs + 1);
    timer.unref();
    this.timers.add(timer);
  }
}
