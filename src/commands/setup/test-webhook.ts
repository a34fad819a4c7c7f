// `/setup webhook test`: POST /api/v1/webhooks/test, then looks in the inbox for the event, so the admin
// learns whether it made the whole trip (platform → PUBLIC_URL → signature check → inbox).
import type { PlatformCredential } from "../../api/http.js";
import { listDeliveries, sendTestWebhook } from "../../api/webhooks.js";
import type { BotDependencies } from "../../bot/bot-dependencies.js";
import type { EventKind } from "../../events/event-kinds.js";
import { listRecentInboxEvents } from "../../store/inbox.js";
import { buildEndpointUrl, type RegisteredEndpoint } from "./guild-webhook.js";
import type { TestResult } from "./render-test-result.js";

/** The kind asked for, else battle results when the webhook sends them, else its first kind. */
export function chooseTestKind(asked: EventKind | undefined, webhookKinds: readonly EventKind[]): EventKind {
  if (asked !== undefined) return asked;
  if (webhookKinds.length === 0 || webhookKinds.includes("battle.completed")) return "battle.completed";
  return webhookKinds[0] ?? "battle.completed";
}

export async function testGuildWebhook(
  deps: BotDependencies,
  request: {
    readonly endpoint: RegisteredEndpoint;
    readonly credential: PlatformCredential;
    readonly kind: EventKind;
  },
): Promise<TestResult> {
  const { endpoint, credential, kind } = request;
  const started = deps.clock.now();
  const answer = await sendTestWebhook(deps.platform, credential, {
    webhookId: endpoint.platformWebhookId,
    event: kind,
    testData: {},
  });
  const recent = await listRecentInboxEvents(deps.db, { limit: 10, source: endpoint.id });
  const received = recent.find((event) => event.kind === kind && event.receivedAt >= started);
  // Only to explain a failure; a failure to read the records must not hide the test's own answer.
  const deliveries =
    received === undefined
      ? await listDeliveries(deps.platform, credential, endpoint.platformWebhookId).catch(() => [])
      : [];
  const latestDelivery = [...deliveries].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  return {
    kind,
    url: buildEndpointUrl(deps.config.http.publicUrl, endpoint.id),
    sent: answer.sent,
    received,
    latestDelivery,
  };
}
