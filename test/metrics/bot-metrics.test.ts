import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import { createBotMetrics } from "../../src/metrics/bot-metrics.js";
import { metricsRoute } from "../../src/metrics/metrics-route.js";

describe("GET /metrics", () => {
  it("exposes webhook, outbox, post and interaction figures in Prometheus format", async () => {
    const metrics = createBotMetrics(
      () => Promise.resolve({ pending: 7, oldestPendingAgeSeconds: 12.5 }),
      systemClock,
    );
    metrics.webhooks.received("accepted", 3);
    metrics.webhooks.received("duplicate", 0);
    metrics.webhooks.rejected("bad_signature");
    metrics.recordPost("delivered");
    metrics.recordInteraction({ kind: "command", name: "battle", outcome: "ok", durationMs: 120 });
    metrics.reminders.sent(2);
    metrics.reminders.skipped("late", 1);
    metrics.reminders.skipped("late", 2);
    metrics.recordGroupCommit(0.002, 12);
    metrics.recordGroupCommit(0.03, 1);
    const app = Fastify();
    await app.register(metricsRoute, { registry: metrics.registry, token: undefined });
    const response = await app.inject({ method: "GET", url: "/metrics" });
    await app.close();

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    const text = response.body;
    expect(text).toContain('arena_webhook_events_total{status="accepted"} 1');
    expect(text).toContain('arena_webhook_events_total{status="duplicate"} 1');
    expect(text).toContain("arena_outbox_enqueued_total 3");
    expect(text).toContain('arena_webhook_rejected_total{reason="bad_signature"} 1');
    expect(text).toContain('arena_posts_total{result="delivered"} 1');
    expect(text).toContain("arena_outbox_pending 7");
    expect(text).toContain("arena_reminders_sent_total 2");
    expect(text).toContain('arena_reminders_skipped_total{reason="late"} 3');
    expect(text).toContain("arena_outbox_oldest_pending_age_seconds 12.5");
    expect(text).toMatch(
      /arena_interaction_duration_seconds_count\{kind="command",name="battle",outcome="ok"\} 1/,
    );
    expect(text).toContain('arena_database_group_commit_seconds_bucket{le="0.0025"} 1');
    expect(text).toContain('arena_database_group_commit_seconds_bucket{le="0.05"} 2');
    expect(text).toContain("arena_database_group_commit_seconds_count 2");
    expect(text).toContain('arena_database_group_commit_writes_bucket{le="8"} 1');
    expect(text).toContain('arena_database_group_commit_writes_bucket{le="16"} 2');
    expect(text).toContain("arena_database_group_commit_writes_sum 13");
  });

  it("keeps separate registries for separate bots", () => {
    const first = createBotMetrics(
      () => Promise.resolve({ pending: 0, oldestPendingAgeSeconds: 0 }),
      systemClock,
    );
    const second = createBotMetrics(
      () => Promise.resolve({ pending: 0, oldestPendingAgeSeconds: 0 }),
      systemClock,
    );
    expect(first.registry).not.toBe(second.registry);
  });
});
