// The platform's side of a webhook delivery behind a load balancer: the signed event goes to one instance
// and, while the answer is 5xx, again after a short backoff, each retry to the next instance, until one
// answers 200. Any other answer, or an instance that cannot be reached at all, fails the delivery.
import { createHmac } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";

export interface WebhookAnswer {
  readonly event: number;
  readonly instance: number;
  readonly status: number;
  /** When the answer came (ms since the epoch). */
  readonly at: number;
}

export interface RetriedDelivery {
  /** The instances' base URLs; attempt n goes to instance (first + n) % count. */
  readonly instanceUrls: readonly string[];
  readonly first: number;
  readonly event: number;
  readonly body: string;
  readonly secret: string;
  /** Every answer is pushed here, 5xx ones included. */
  readonly answers: WebhookAnswer[];
  /** Gives up (throws) past this time. */
  readonly deadline: number;
  /** The platform's pause between attempts; a retry at once would only spin on the failure. */
  readonly backoffMs: number;
}

export async function deliverUntilAccepted(delivery: RetriedDelivery): Promise<void> {
  const signature = createHmac("sha256", delivery.secret).update(delivery.body).digest("hex");
  const count = delivery.instanceUrls.length;
  for (let attempt = 0; ; attempt += 1) {
    const instance = (delivery.first + attempt) % count;
    const response = await fetch(`${delivery.instanceUrls[instance]!}/webhooks/platform`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-signature": `sha256=${signature}` },
      body: delivery.body,
    });
    await response.arrayBuffer();
    delivery.answers.push({ event: delivery.event, instance, status: response.status, at: Date.now() });
    if (response.status === 200) return;
    if (response.status < 500)
      throw new Error(`event ${delivery.event}: instance ${instance} answered ${response.status}`);
    if (Date.now() > delivery.deadline)
      throw new Error(
        `event ${delivery.event}: still answered ${response.status} after ${attempt + 1} attempts`,
      );
    await delay(delivery.backoffMs);
  }
}

export interface WebhookLoad {
  readonly instanceUrls: readonly string[];
  readonly events: number;
  /** Deliveries in flight at once. */
  readonly senders: number;
  /** Event i's signed body. */
  readonly bodyOf: (event: number) => string;
  readonly secret: string;
  readonly answers: WebhookAnswer[];
  readonly deadline: number;
  readonly backoffMs: number;
  /** Events from `held.from` on are sent only once `held.until` resolves. */
  readonly held: { readonly from: number; readonly until: Promise<void> };
}

/** Delivers events 0 to `events - 1`, event i first to instance i % count; resolves once all are accepted. */
export async function sendWebhookLoad(load: WebhookLoad): Promise<void> {
  let cursor = 0;
  const send = async () => {
    while (cursor < load.events) {
      const event = cursor;
      cursor += 1;
      if (event >= load.held.from) await load.held.until;
      await deliverUntilAccepted({
        ...load,
        first: event % load.instanceUrls.length,
        event,
        body: load.bodyOf(event),
      });
    }
  };
  await Promise.all(Array.from({ length: load.senders }, send));
}
