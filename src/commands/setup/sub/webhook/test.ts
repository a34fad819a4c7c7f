// `/setup webhook test`: POST /api/v1/webhooks/test, then follows the event into the inbox, so the admin
// learns whether it made the whole trip (platform → PUBLIC_URL → signature check → inbox).
import { setTimeout as sleep } from "node:timers/promises";
import { PlatformError } from "../../../../api/errors.js";
import type { PlatformCredential } from "../../../../api/http.js";
import type { WebhookDelivery, WebhookTestResult } from "../../../../api/schemas/webhook.js";
import { listDeliveries, sendTestWebhook } from "../../../../api/webhooks.js";
import type { BotDependencies } from "../../../bot-dependencies.js";
import { withRequestId } from "../../../../discord/describe-platform-error.js";
import { UserFacingError } from "../../../../discord/user-facing-error.js";
import { plainCode } from "../../../../display/platform-text.js";
import { isEventKind, type EventKind } from "../../../../events/event-kinds.js";
import { findInboxEvent, listRecentInboxEvents } from "../../../../store/inbox.js";
import { followTestDelivery, type FollowOptions } from "../../follow-test-delivery.js";
import { buildEndpointUrl, type RegisteredEndpoint } from "../../guild-webhook.js";
import {
  renderTestProgress,
  renderTestResult,
  renderTestWaiting,
  type TestResult,
} from "../../render-test-result.js";
import type { SetupOptionsOf, SubcommandContext } from "../../setup-arguments.js";
import { callOwnWebhook } from "../../webhook-ownership.js";
import { openWebhookSession } from "../../webhook-session.js";

/** The platform gives its deliveries 10 s to be answered (docs/architecture.md, "Webhooks in"); a test waits as long. */
export const arrivalWindowMs = 10_000;
const pollMs = 1_000;

/** The kind asked for, else battle results when the webhook sends them, else its first kind. */
export function chooseTestKind(asked: EventKind | undefined, webhookKinds: readonly EventKind[]): EventKind {
  if (asked !== undefined) return asked;
  if (webhookKinds.length === 0 || webhookKinds.includes("battle.completed")) return "battle.completed";
  return webhookKinds[0] ?? "battle.completed";
}

export interface TestRequest {
  readonly endpoint: RegisteredEndpoint;
  readonly credential: PlatformCredential;
  readonly kind: EventKind;
  /** Told once the platform accepted the event, before the wait for it begins. */
  readonly onAccepted: (url: string) => Promise<void>;
}

export async function testGuildWebhook(
  deps: BotDependencies,
  request: TestRequest,
  wait: Pick<FollowOptions, "sleep" | "windowMs"> = { sleep, windowMs: arrivalWindowMs },
): Promise<TestResult> {
  const { endpoint, credential, kind } = request;
  const startedAt = deps.clock.now();
  const url = buildEndpointUrl(deps.config.http.publicUrl, endpoint.id);
  const answer = await sendTestWebhook(deps.platform, credential, {
    webhookId: endpoint.platformWebhookId,
    event: kind,
    testData: {},
  }).catch((error: unknown) => {
    throw explainTestConflict(error, endpoint.platformWebhookId) ?? error;
  });
  // Only to explain what happened; a failure to read the records must not hide the test's own answer.
  const findDelivery = () =>
    listDeliveries(deps.platform, credential, endpoint.platformWebhookId).then(
      (deliveries) => pickTestDelivery(deliveries, answer, startedAt),
      () => undefined,
    );
  const base = { kind, url, startedAt, windowMs: wait.windowMs };
  if (!answer.sent) return { ...base, fate: { fate: "failed", delivery: await findDelivery() } };

  await request.onAccepted(url);
  const findArrival = async () => {
    if (answer.eventId !== undefined)
      return findInboxEvent(deps.db, { source: endpoint.id, eventId: answer.eventId });
    const recent = await listRecentInboxEvents(deps.db, { limit: 10, source: endpoint.id });
    return recent.find((event) => event.kind === kind && event.receivedAt >= startedAt);
  };
  const fate = await followTestDelivery(
    { findArrival, findDelivery },
    { clock: deps.clock, sleep: wait.sleep, windowMs: wait.windowMs, pollMs },
  );
  return { ...base, fate };
}

/**
 * A test event refused with 409: the platform sends none to a webhook switched off (`active`, the platform's
 * API reference, "Webhooks"; docs/platform-assumptions.md), which registering again turns back on.
 */
function explainTestConflict(error: unknown, webhookId: string): UserFacingError | undefined {
  if (!(error instanceof PlatformError) || error.status !== 409) return undefined;
  return new UserFacingError(
    "webhook_inactive",
    withRequestId(
      `The platform refused to send a test event to webhook ${plainCode(webhookId)}: it may be switched off ` +
        "there. `/setup webhook register` turns it back on.",
      error.requestId,
    ),
  );
}

/** The record of this test: by the ids the platform answered, else the newest one made since the test. */
function pickTestDelivery(
  deliveries: readonly WebhookDelivery[],
  answer: WebhookTestResult,
  startedAt: number,
): WebhookDelivery | undefined {
  if (answer.deliveryId !== undefined)
    return deliveries.find((delivery) => delivery.id === answer.deliveryId);
  if (answer.eventId !== undefined) return deliveries.find((delivery) => delivery.eventId === answer.eventId);
  // A minute of leeway for a platform clock behind the bot's.
  return [...deliveries]
    .filter((delivery) => Date.parse(delivery.createdAt) >= startedAt - 60_000)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
}

/** The subcommand: each step of the test is an edit of the same private answer. */
export async function runWebhookTest(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: SetupOptionsOf<"webhook", "test">,
): Promise<void> {
  const { credential, endpoint, owned } = await openWebhookSession(deps, actor);
  const asked = options.event;
  const kind = chooseTestKind(
    asked !== undefined && isEventKind(asked) ? asked : undefined,
    endpoint.eventKinds,
  );
  await responder.showProgress(renderTestProgress(kind));
  const onAccepted = async (url: string) => {
    await responder.showProgress(renderTestWaiting(kind, url, arrivalWindowMs));
  };
  const result = await callOwnWebhook(owned, () =>
    testGuildWebhook(deps, { endpoint, credential, kind, onAccepted }),
  );
  await responder.editOriginal(renderTestResult(result));
}
