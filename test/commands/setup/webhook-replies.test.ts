import { describe, expect, it } from "vitest";
import { renderRegisterOutcome } from "../../../src/commands/setup/render-register-outcome.js";
import { renderTestProgress, renderTestResult } from "../../../src/commands/setup/render-test-result.js";
import { chooseTestKind } from "../../../src/commands/setup/test-webhook.js";
import { chooseWebhookKinds } from "../../../src/commands/setup/webhook-kinds.js";
import { eventKinds } from "../../../src/events/event-kinds.js";
import type { Subscription } from "../../../src/store/subscriptions.js";

const url = "https://bot.example/webhooks/platform/ep_1";

describe("webhook kinds", () => {
  it("asks for every kind the routes use, or every kind while there are none", () => {
    const route = (eventKinds: Subscription["eventKinds"]) => ({ eventKinds }) as Subscription;
    expect(
      chooseWebhookKinds([route(["user.rating_changed"]), route(["battle.completed", "team.created"])]),
    ).toEqual(["battle.completed", "user.rating_changed", "team.created"]);
    expect(chooseWebhookKinds([])).toEqual([...eventKinds]);
  });

  it("tests battle results unless the webhook does not send them", () => {
    expect(chooseTestKind(undefined, ["user.rating_changed", "battle.completed"])).toBe("battle.completed");
    expect(chooseTestKind(undefined, ["team.created"])).toBe("team.created");
    expect(chooseTestKind("system.leaderboard_updated", ["team.created"])).toBe("system.leaderboard_updated");
  });
});

describe("webhook replies", () => {
  it("confirms a registration without any secret", () => {
    const reply = renderRegisterOutcome(
      { result: "registered", platformWebhookId: "wh_1", url, kinds: ["battle.completed"] },
      "bob",
    );
    expect(reply.content).toContain(
      "Registered the platform webhook `wh_1` with your platform account **bob**.",
    );
    expect(reply.content).toContain(`It sends **Battle results** to <${url}>`);
    expect(reply.ephemeral).toBe(true);
  });

  it("shows progress, then whether the test event made the whole trip", () => {
    expect(renderTestProgress("battle.completed").content).toBe(
      "Sending a test `battle.completed` event through this server's webhook…",
    );
    const arrived = renderTestResult({
      kind: "battle.completed",
      url,
      sent: true,
      received: {
        eventId: "evt_1",
        kind: "battle.completed",
        source: "ep_1",
        status: "accepted",
        payload: {},
        error: null,
        receivedAt: 1_735_725_600_000,
      },
      latestDelivery: undefined,
    });
    expect(arrived.content).toMatch(/^✅ The test `battle.completed` event arrived.*<t:1735725600:R>\.$/);
    const lost = renderTestResult({
      kind: "battle.completed",
      url,
      sent: false,
      received: undefined,
      latestDelivery: {
        id: "dlv_1",
        eventId: "evt_1",
        status: "failed",
        attempts: 1,
        responseCode: 404,
        responseTime: 3,
        createdAt: "2025-01-01T10:00:00Z",
        deliveredAt: undefined,
      },
    });
    expect(lost.content).toContain(
      "❌ The platform could not deliver the test `battle.completed` event (HTTP 404).",
    );
    expect(lost.content).toContain(`<${url}>`);
  });
});
