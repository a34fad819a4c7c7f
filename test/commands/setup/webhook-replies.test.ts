import { describe, expect, it } from "vitest";
import { renderRegisterOutcome } from "../../../src/commands/setup/render-register-outcome.js";
import {
  renderTestProgress,
  renderTestResult,
  renderTestWaiting,
} from "../../../src/commands/setup/render-test-result.js";
import { chooseTestKind } from "../../../src/commands/setup/sub/webhook/test.js";
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

  it("asks for what the weekly digest is made of when a route takes the leaderboard refresh", () => {
    const route = (eventKinds: Subscription["eventKinds"]) => ({ eventKinds }) as Subscription;
    expect(chooseWebhookKinds([route(["system.leaderboard_updated"])])).toEqual([
      "battle.completed",
      "user.achievement_earned",
      "user.rating_changed",
      "team.battle_completed",
      "system.leaderboard_updated",
    ]);
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
      "⏳ Sending a test `battle.completed` event through this server's webhook…",
    );
    expect(renderTestWaiting("battle.completed", url, 10_000).content).toBe(
      `📨 The platform accepted the test \`battle.completed\` event.\n⏳ Waiting up to 10.0 s for it to arrive at <${url}>…`,
    );
    const base = { kind: "battle.completed", url, startedAt: 1_735_725_599_750, windowMs: 10_000 } as const;
    const arrived = renderTestResult({ ...base, fate: { fate: "arrived", event: inboxEvent } });
    expect(arrived.content).toMatch(
      /^✅ The test `battle.completed` event arrived in 0\.3 s: .*<t:1735725600:R>\.$/,
    );
    const lost = renderTestResult({ ...base, fate: { fate: "failed", delivery: failedDelivery(404) } });
    expect(lost.content).toContain(
      `❌ The platform could not deliver the test \`battle.completed\` event to <${url}> (HTTP 404).`,
    );
    expect(lost.content).toContain("run `/setup webhook register` again");
  });

  it("says what to check for each way a test can go wrong", () => {
    const base = { kind: "battle.completed", url, startedAt: 0, windowMs: 10_000 } as const;
    const failed = (code: number) =>
      renderTestResult({ ...base, fate: { fate: "failed", delivery: failedDelivery(code) } }).content ?? "";
    expect(failed(401)).toContain("`/setup webhook rotate-secret`");
    expect(failed(0)).toContain("(no answer).\nNothing answered there");
    expect(failed(503)).toContain("its logs say why");
    // The platform answered `success: false` and no attempt was found: the address is not blamed.
    const unsent = renderTestResult({ ...base, fate: { fate: "failed", delivery: undefined } }).content ?? "";
    expect(unsent).toMatch(
      /^❌ The platform says it did not deliver the test `battle.completed` event to <[^>]+>/,
    );
    expect(unsent).not.toContain("Nothing answered there");
    const elsewhere = renderTestResult({
      ...base,
      fate: { fate: "answered-elsewhere", delivery: { ...failedDelivery(200), status: "delivered" } },
    });
    expect(elsewhere.content).toMatch(
      /^⚠️ The platform delivered the test `battle.completed` event \(HTTP 200\), but not to this bot/,
    );
    const silent = renderTestResult({ ...base, fate: { fate: "not-arrived" } });
    expect(silent.content).toMatch(/^⌛ The test `battle.completed` event did not arrive within 10\.0 s/);
    expect(silent.content).toContain("`/setup webhook deliveries`");
  });
});

const inboxEvent = {
  eventId: "evt_1",
  kind: "battle.completed",
  source: "ep_1",
  status: "accepted",
  payload: {},
  error: null,
  receivedAt: 1_735_725_600_000,
} as const;

function failedDelivery(responseCode: number) {
  return {
    id: "dlv_1",
    eventId: "evt_1",
    status: "failed",
    attempts: 1,
    responseCode,
    responseTime: 3,
    createdAt: "2025-01-01T10:00:00Z",
    deliveredAt: undefined,
  };
}
