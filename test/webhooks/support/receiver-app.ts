// The bot's HTTP app with the webhook receiver registered, as the entry point will build it.
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Clock } from "../../../src/clock.js";
import { buildHttpApp } from "../../../src/http/build-http-app.js";
import { createLogger } from "../../../src/logger.js";
import type { SecretBox } from "../../../src/secrets/secret-box.js";
import type { Database } from "../../../src/store/database.js";
import type { IngestStatus } from "../../../src/webhooks/ingest-event.js";
import type { WebhookMetrics, WebhookRejectionReason } from "../../../src/webhooks/webhook-metrics.js";
import { webhookRoutes } from "../../../src/webhooks/webhook-routes.js";

export const operatorSecret = "whsec_operator_secret_for_tests";

/** Counts what the receiver reports, as a Prometheus counter would. */
export class CountingMetrics implements WebhookMetrics {
  readonly counts = new Map<string, number>();
  received(status: IngestStatus, enqueued: number): void {
    this.add(`received:${status}`, 1);
    this.add("enqueued", enqueued);
  }
  rejected(reason: WebhookRejectionReason): void {
    this.add(`rejected:${reason}`, 1);
  }
  failed(): void {
    this.add("failed", 1);
  }
  count(name: string): number {
    return this.counts.get(name) ?? 0;
  }
  private add(name: string, amount: number): void {
    this.counts.set(name, this.count(name) + amount);
  }
}

export interface ReceiverOptions {
  readonly db: Kysely<Database>;
  readonly secretBox: SecretBox;
  readonly clock: Clock;
  readonly operatorSecret?: string | undefined;
  readonly allowedSources?: readonly string[];
  readonly trustedProxies?: readonly string[];
}

export async function buildReceiverApp(
  options: ReceiverOptions,
): Promise<{ app: FastifyInstance; metrics: CountingMetrics }> {
  const metrics = new CountingMetrics();
  const app = await buildHttpApp({ logger: createLogger({ level: "silent" }), readinessChecks: [] });
  await app.register(webhookRoutes, {
    db: options.db,
    secretBox: options.secretBox,
    clock: options.clock,
    operatorSecret: "operatorSecret" in options ? options.operatorSecret : operatorSecret,
    allowedSources: options.allowedSources ?? [],
    trustedProxies: options.trustedProxies ?? [],
    metrics,
  });
  await app.ready();
  return { app, metrics };
}
