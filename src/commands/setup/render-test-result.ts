import type { WebhookDelivery } from "../../api/schemas/webhook.js";
import type { Reply } from "../../discord/interaction-responder.js";
import type { EventKind } from "../../events/event-kinds.js";
import type { InboxEvent } from "../../store/inbox.js";
import { discordTime } from "./discord-time.js";

export interface TestResult {
  readonly kind: EventKind;
  readonly url: string;
  /** What the platform answered: false when it says the delivery did not succeed. */
  readonly sent: boolean;
  /** The event as the bot's receiver stored it, when it arrived. */
  readonly received: InboxEvent | undefined;
  /** The newest delivery record, read when the event did not arrive, to show the response code. */
  readonly latestDelivery: WebhookDelivery | undefined;
}

/** The first step of the two-step reply: the platform call can take up to its time-out. */
export function renderTestProgress(kind: EventKind): Reply {
  return { content: `Sending a test \`${kind}\` event through this server's webhook…`, ephemeral: true };
}

export function renderTestResult(result: TestResult): Reply {
  if (result.received !== undefined) {
    return {
      ephemeral: true,
      content:
        `✅ The test \`${result.kind}\` event arrived: the bot verified its signature and stored it ` +
        `${discordTime(result.received.receivedAt)}.`,
    };
  }
  const code = result.latestDelivery?.responseCode;
  const answered = code === undefined ? "" : code === 0 ? " (no answer from the bot)" : ` (HTTP ${code})`;
  const headline = result.sent
    ? `⚠️ The platform says it delivered the test \`${result.kind}\` event${answered}, but the bot has no record of it.`
    : `❌ The platform could not deliver the test \`${result.kind}\` event${answered}.`;
  return {
    ephemeral: true,
    content:
      `${headline}\nThe platform sends to <${result.url}>: check that this address reaches the bot ` +
      "(PUBLIC_URL), then see `/setup webhook deliveries`.",
  };
}
