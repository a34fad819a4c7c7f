// The /setup replies that show platform text, rendered with a hostile string in every text field the
// platform fills: whatever the platform sends, the reply shows it as text (docs/architecture.md, "The rules
// the code keeps", "Platform text is inert").
import { describe, expect, it } from "vitest";
import { PlatformError } from "../../src/api/errors.js";
import { callOwnWebhook } from "../../src/commands/setup/webhook-ownership.js";
import { UserFacingError } from "../../src/discord/user-facing-error.js";
import { renderDeliveries } from "../../src/commands/setup/render-deliveries.js";
import { renderRegisterOutcome } from "../../src/commands/setup/render-register-outcome.js";
import { renderRotationOutcome } from "../../src/commands/setup/render-rotation-outcome.js";
import { renderSetupStatus } from "../../src/commands/setup/render-setup-status.js";
import { expectInert, hostileTexts } from "../support/hostile-text.js";
import { at, now, type HostileRenderer, testRepliesShowTextAsText } from "./support/hostile-replies.js";

/** Each renderer given `text` in every field the platform (or a member's platform account) fills. */
const renderers: readonly HostileRenderer[] = [
  [
    "setup deliveries",
    (text) =>
      renderDeliveries({
        platformWebhookId: text,
        deliveries: [
          {
            id: text,
            eventId: text,
            status: "delivered",
            attempts: 1,
            responseCode: 200,
            responseTime: 1,
            createdAt: at,
            deliveredAt: at,
          },
        ],
        failed: [
          {
            id: text,
            eventId: text,
            status: "failed",
            attempts: 1,
            lastResponseCode: 500,
            errorMessage: text,
            nextRetry: null,
            createdAt: at,
            failedAt: at,
          },
        ],
      }),
  ],
  [
    "setup status",
    (text) =>
      renderSetupStatus(
        {
          links: [],
          endpoints: [
            {
              id: "end_1",
              platformWebhookId: text,
              eventKinds: [],
              createdAt: now,
              previousSecretExpiresAt: null,
            },
          ],
          operatorWebhook: false,
          recentEvents: [
            {
              eventId: text,
              kind: text,
              source: "end_1",
              status: "accepted",
              payload: {},
              error: text,
              receivedAt: now,
            },
          ],
          subscriptions: [],
          pendingAnnouncements: 0,
          adminChannelId: null,
          tierRoles: {
            settings: {
              guildId: "100000000000000001",
              mode: "map",
              resumeMode: null,
              pausedReason: text,
              lastSyncAt: now,
              lastProblem: text,
              lastProblemAt: now,
              tiersPending: false,
            },
            // A mapping line holds a role mention by design; tier names go through plainText like the rest.
            mappings: [],
            pendingMembers: 0,
          },
          // Reminders name their admin and channel by design; their platform text is checked in
          // test/commands/setup/render-setup-status-reminders.test.ts.
          reminders: { settings: undefined, scheduled: [] },
          // A paused channel's reason is Discord's error, never platform text.
          threadPauses: [],
          events: { settings: undefined, events: [] },
        },
        now,
      ),
  ],
  [
    "webhook registered",
    (text) =>
      renderRegisterOutcome(
        {
          result: "registered",
          platformWebhookId: text,
          url: "https://bot.example/webhooks/1",
          kinds: ["battle.completed"],
        },
        text,
      ),
  ],
  [
    "webhook replaced on registration",
    (text) =>
      renderRegisterOutcome(
        {
          result: "replaced",
          platformWebhookId: text,
          previousWebhookId: text,
          previousAcceptedUntil: now,
          url: "https://bot.example/webhooks/1",
          kinds: ["battle.completed"],
        },
        text,
      ),
  ],
  [
    "secret rotated",
    (text) =>
      renderRotationOutcome({ result: "rotated", platformWebhookId: text, previousAcceptedUntil: now }, text),
  ],
  [
    "webhook replaced on rotation",
    (text) =>
      renderRotationOutcome(
        { result: "replaced", platformWebhookId: text, previousWebhookId: text, previousAcceptedUntil: now },
        text,
      ),
  ],
  [
    "webhook updated",
    (text) =>
      renderRegisterOutcome(
        { result: "updated", platformWebhookId: text, url: "https://bot.example/webhooks/1", kinds: [] },
        text,
      ),
  ],
];

testRepliesShowTextAsText(renderers);

describe("a webhook registered with another platform account", () => {
  it.each(hostileTexts)("names its id and the account as text with %j", async (text) => {
    const notFound = new PlatformError({ status: 404, code: "NOT_FOUND", message: "no such webhook" });
    const refusal = await callOwnWebhook({ platformWebhookId: text, platformUsername: text }, () =>
      Promise.reject(notFound),
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UserFacingError);
    expectInert({ content: (refusal as UserFacingError).message });
  });
});
