// After the platform accepted a test event: look in this bot's inbox for it, and at the platform's record
// of the delivery, until one of them tells how it went or the arrival window closes. The inbox is the
// database, not this process, so an arrival at another instance behind the same PUBLIC_URL counts too.
import type { WebhookDelivery } from "../../api/schemas/webhook.js";
import type { Clock } from "../../clock.js";
import type { InboxEvent } from "../../store/inbox.js";

export interface TestDeliveryWatch {
  /** The test event as this bot's receiver stored it, once it arrived. */
  findArrival(): Promise<InboxEvent | undefined>;
  /** The platform's record of the test delivery, once it has one (undefined when it cannot be read). */
  findDelivery(): Promise<WebhookDelivery | undefined>;
}

export type DeliveryFate =
  | { readonly fate: "arrived"; readonly event: InboxEvent }
  /** The platform got a 2xx answer, yet not from this bot: PUBLIC_URL reaches another server. */
  | { readonly fate: "answered-elsewhere"; readonly delivery: WebhookDelivery }
  | { readonly fate: "failed"; readonly delivery: WebhookDelivery | undefined }
  | { readonly fate: "not-arrived" };

export interface FollowOptions {
  readonly clock: Clock;
  readonly sleep: (milliseconds: number) => Promise<void>;
  readonly windowMs: number;
  readonly pollMs: number;
}

export async function followTestDelivery(
  watch: TestDeliveryWatch,
  options: FollowOptions,
): Promise<DeliveryFate> {
  const deadline = options.clock.now() + options.windowMs;
  for (;;) {
    const event = await watch.findArrival();
    if (event !== undefined) return { fate: "arrived", event };
    const delivery = await watch.findDelivery();
    if (delivery?.status === "failed") return { fate: "failed", delivery };
    if (delivery?.status === "delivered") {
      // The bot acknowledges only after its commit, so a delivery the platform counts as done is in the
      // inbox by now, unless it landed between the two looks: look once more before blaming the URL.
      const late = await watch.findArrival();
      return late === undefined ? { fate: "answered-elsewhere", delivery } : { fate: "arrived", event: late };
    }
    if (options.clock.now() >= deadline) return { fate: "not-arrived" };
    await options.sleep(Math.min(options.pollMs, deadline - options.clock.now()));
  }
}
