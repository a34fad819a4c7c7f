// `/setup webhook deliveries`: the platform's delivery records, one compact line each
// (docs/architecture.md, "Webhooks in").
import { plainCode, plainLabel, plainText } from "../../display/platform-text.js";
import type { FailedWebhookDelivery, WebhookDelivery } from "../../api/schemas/webhook.js";
import { discordLimits } from "../../discord/discord-limits.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { fitLines } from "../../display/fit-lines.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const responseCode = (code: number | undefined) =>
  code === undefined ? "no code" : code === 0 ? "no answer" : String(code);
/** Platform text as inline code on one line, so no markdown in it can break the list. */
const quote = (text: string) => `\`${plainLabel(text.replace(/[`\n\r]+/g, " ").trim(), 80)}\``;

export function describeDelivery(delivery: WebhookDelivery): string {
  const mark = delivery.status === "delivered" ? "✅" : "❌";
  const time = delivery.responseTime === undefined ? "" : ` · ${delivery.responseTime} ms`;
  return (
    `${mark} ${responseCode(delivery.responseCode)} · ${plural(delivery.attempts, "attempt")}${time} · ` +
    `${discordTimestamp(Date.parse(delivery.createdAt), "R")} · ${quote(delivery.eventId)}`
  );
}

export function describeFailedDelivery(delivery: FailedWebhookDelivery): string {
  const retry =
    delivery.nextRetry === null
      ? "gave up"
      : `next try ${discordTimestamp(Date.parse(delivery.nextRetry), "R")}`;
  const error =
    delivery.errorMessage === undefined || delivery.errorMessage === ""
      ? ""
      : ` · ${quote(delivery.errorMessage)}`;
  return (
    `❌ ${responseCode(delivery.lastResponseCode)} · ${plural(delivery.attempts, "attempt")} · ${retry}` +
    `${error} · ${discordTimestamp(Date.parse(delivery.failedAt ?? delivery.createdAt), "R")}`
  );
}

function newestFirst<Item extends { readonly createdAt: string }>(items: readonly Item[]): Item[] {
  return [...items].sort((a, b) => (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0));
}

/** Shown while both lists are fetched from the platform (each call may take up to its time-out). */
export function renderDeliveriesProgress(platformWebhookId: string): Reply {
  return {
    ephemeral: true,
    content: `⏳ Fetching the recent and failed deliveries of webhook ${plainCode(platformWebhookId)} from the platform…`,
  };
}

export function renderDeliveries(input: {
  readonly platformWebhookId: string;
  readonly deliveries: readonly WebhookDelivery[];
  readonly failed: readonly FailedWebhookDelivery[];
}): Reply {
  const field = (name: string, lines: readonly string[], empty: string) => ({
    name: `${name} (${lines.length})`,
    value: fitLines(lines, discordLimits.embedFieldValue, empty),
  });
  return {
    ephemeral: true,
    // Replaces the progress line the reply showed while fetching.
    content: "",
    embeds: [
      {
        title: `Deliveries of webhook ${plainText(input.platformWebhookId)}`,
        fields: [
          field("Recent", newestFirst(input.deliveries).map(describeDelivery), "No deliveries yet."),
          field("Failed", newestFirst(input.failed).map(describeFailedDelivery), "No failed deliveries."),
        ],
        footer: {
          text: "Newest first · the platform retries a failed delivery up to 5 times over 40 minutes",
        },
      },
    ],
  };
}
