// Turns events into signed deliveries, one per subscribed active webhook, and keeps each delivery's
// record: the first attempt is sent at once, failures are retried on the spec's schedule (in sandbox
// time), and the fifth failure is final. Every active webhook subscribed to a kind receives every event
// of that kind, platform-wide (the spec does not scope webhooks to their owner's own activity).
import { canonicalEventKind, type EventKind } from "./event-kinds.js";
import type { Logger } from "../logger.js";
import type { SandboxClock } from "../clock.js";
import { toIso } from "../clock.js";
import type { EventCause, EventData } from "../core/deps.js";
import { newId } from "../ids.js";
import type { Delivery, SandboxState, Webhook, WebhookEvent } from "../state.js";
import { renderLegacyPayload } from "./legacy-payload.js";
import { maxAttempts, nextAttemptAt } from "./retry-schedule.js";
import { sendDelivery } from "./send.js";
import type { SignatureForm } from "./signature.js";

const eventLogSize = 1000;

export interface DispatcherOptions {
  state: SandboxState;
  clock: SandboxClock;
  logger: Logger;
  /** Real milliseconds an endpoint has to answer. */
  deliveryTimeoutMs: number;
  /** With or without the `sha256=` prefix (signature.ts). */
  signatureForm: SignatureForm;
  /** Called whenever a retry is scheduled, so a timer can be set for it. */
  onRetryScheduled: () => void;
}

export class WebhookDispatcher {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly shutdown = new AbortController();

  constructor(private readonly options: DispatcherOptions) {}

  /** Records the event and starts a delivery to every active webhook subscribed to its kind. */
  publish(kind: EventKind, data: EventData, cause: EventCause): WebhookEvent {
    const event = this.recordEvent(kind, data, cause);
    for (const webhook of this.options.state.webhooks.values()) {
      if (webhook.active && subscribesTo(webhook, kind)) void this.startDelivery(webhook, event);
    }
    return event;
  }

  /** `POST /api/v1/webhooks/test`: one delivery to one webhook, whatever it subscribes to. */
  async sendTest(webhook: Webhook, kind: EventKind, data: EventData, cause: EventCause): Promise<Delivery> {
    const event = this.recordEvent(kind, data, cause);
    return this.startDelivery(webhook, event);
  }

  /** Starts every retry that is due in sandbox time. */
  runDue(): void {
    const now = this.options.clock.now();
    for (const delivery of this.options.state.deliveries.values()) {
      if (delivery.nextAttemptAt === null || delivery.nextAttemptAt > now || delivery.status === "pending")
        continue;
      const webhook = this.options.state.webhooks.get(delivery.webhookId);
      // A deleted or disabled webhook gets no more retries.
      if (webhook?.active === true) void this.attempt(webhook, delivery);
      else delivery.nextAttemptAt = null;
    }
  }

  nextDueAt(): number | undefined {
    let next: number | undefined;
    for (const delivery of this.options.state.deliveries.values()) {
      if (delivery.nextAttemptAt !== null && delivery.status !== "pending") {
        next = next === undefined ? delivery.nextAttemptAt : Math.min(next, delivery.nextAttemptAt);
      }
    }
    return next;
  }

  /** Resolves when no attempt is in flight. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  async close(): Promise<void> {
    this.shutdown.abort();
    await this.idle();
  }

  private recordEvent(kind: EventKind, data: EventData, cause: EventCause): WebhookEvent {
    const created = this.options.clock.now();
    const id = newId("evt");
    const payload = JSON.stringify({
      id,
      event: kind,
      created: toIso(created),
      data,
      request: { id: cause.requestId, idempotency_key: cause.idempotencyKey },
    });
    const legacyPayload = renderLegacyPayload(kind, created, data);
    const event: WebhookEvent = { id, kind, created, payload, legacyPayload };
    const log = this.options.state.events;
    log.push(event);
    if (log.length > eventLogSize) log.splice(0, log.length - eventLogSize);
    return event;
  }

  private async startDelivery(webhook: Webhook, event: WebhookEvent): Promise<Delivery> {
    const delivery: Delivery = {
      id: newId("dlv"),
      webhookId: webhook.id,
      event,
      createdAt: this.options.clock.now(),
      attempts: [],
      status: "pending",
      nextAttemptAt: this.options.clock.now(),
      deliveredAt: null,
      failedAt: null,
    };
    this.options.state.deliveries.set(delivery.id, delivery);
    await this.attempt(webhook, delivery);
    return delivery;
  }

  /**
   * `nextAttemptAt` keeps the time of the attempt under way until it ends: a retry is still due while it
   * runs, and `next_retry` is null only once no attempt remains (the platform's API reference, "States
   * and transitions").
   */
  private attempt(webhook: Webhook, delivery: Delivery): Promise<void> {
    delivery.status = "pending";
    const running = this.send(webhook, delivery).finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
    return running;
  }

  private async send(webhook: Webhook, delivery: Delivery): Promise<void> {
    const at = this.options.clock.now();
    const outcome = await sendDelivery({
      url: webhook.url,
      payload: webhook.payloadFormat === "legacy" ? delivery.event.legacyPayload : delivery.event.payload,
      secret: webhook.secret,
      signatureForm: this.options.signatureForm,
      eventKind: delivery.event.kind,
      deliveryId: delivery.id,
      timeoutMs: this.options.deliveryTimeoutMs,
      signal: this.shutdown.signal,
    });
    const { responseCode, responseTime, error } = outcome;
    delivery.attempts.push({ at, responseCode, responseTime, error });
    const finishedAt = this.options.clock.now();
    if (outcome.delivered) {
      delivery.status = "delivered";
      delivery.nextAttemptAt = null;
      delivery.deliveredAt = finishedAt;
      return;
    }
    delivery.status = "failed";
    delivery.failedAt = finishedAt;
    delivery.nextAttemptAt = this.shutdown.signal.aborted
      ? null
      : nextAttemptAt(delivery.attempts.length, at);
    this.options.logger.info(
      {
        deliveryId: delivery.id,
        webhookId: webhook.id,
        attempt: delivery.attempts.length,
        maxAttempts,
        error,
      },
      "webhook delivery attempt failed",
    );
    if (delivery.nextAttemptAt !== null) this.options.onRetryScheduled();
  }
}

function subscribesTo(webhook: Webhook, kind: EventKind): boolean {
  return webhook.events.some((subscribed) => canonicalEventKind(subscribed) === kind);
}
