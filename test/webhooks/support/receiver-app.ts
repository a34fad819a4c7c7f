// The bot's whole HTTP app (buildApp) on the test's store, with the webhook settings the test gives, as the
// bot builds it from its settings.
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Clock } from "../../../src/clock.js";
import type { SecretBox } from "../../../src/secrets/secret-box.js";
import type { Database } from "../../../src/store/database.js";
import type { IngestStatus } from "../../../src/webhooks/ingest-event.js";
import type { WebhookMetrics, WebhookRejectionReason } from "../../../src/webhooks/webhook-metrics.js";
import { buildTestApp } from "../../http/support/test-app.js";

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
  const secret = "operatorSecret" in options ? options.operatorSecret : operatorSecret;
  const app = await buildTestApp({
    db: options.db,
    secretBox: options.secretBox,
    clock: options.clock,
    env: {
      ...(secret === undefined ? {} : { PLATFORM_WEBHOOK_SECRET: secret }),
      WEBHOOK_ALLOWED_IPS: (options.allowedSources ?? []).join(","),
      TRUSTED_PROXIES: (options.trustedProxies ?? []).join(","),
    },
    metrics: { webhooks: metrics },
  });
  await app.ready();
  return { app, metrics };
}
