// The platform webhook receiver (docs/architecture.md, "Webhooks in"): POST /webhooks/platform for the
// operator's webhook, POST /webhooks/platform/:endpointId for one a server admin registered. An encapsulated
// plugin: its raw bodies (raw-body.ts), address check and error answers apply to these two routes only.
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database } from "../store/database.js";
import type { EventStoredSubscriber } from "../store/event-stored-subscribers.js";
import type { OperatorWebhookSecrets } from "../store/operator-webhook-secrets.js";
import { findWebhookEndpoint } from "../store/webhook-endpoints.js";
import { classifyWriteFault } from "../store/write-fault.js";
import { isListed, parseAddressList } from "../config/address-list.js";
import { resolveClientAddress } from "./client-address.js";
import type { EventSource } from "./event-source.js";
import { createIngester } from "./create-ingester.js";
import { keepRawBody } from "./raw-body.js";
import { acceptedSecrets, receiveDelivery, type DeliveryDependencies } from "./receive-delivery.js";
import { endpointRouteSchema, operatorRouteSchema } from "./route-schemas.js";
import { noWebhookMetrics, type WebhookMetrics } from "./webhook-metrics.js";

/** docs/architecture.md, "Webhooks in" step 1: larger bodies are answered 413 without being read further. */
export const webhookBodyLimit = 256 * 1024;

/** A hint only: the platform retries on its own schedule, for 40 min 30 s (docs/architecture.md, "Webhooks in"). */
const databaseRetryAfterSeconds = "30";

export interface WebhookRoutesOptions {
  readonly db: Kysely<Database>;
  readonly secretBox: SecretBox;
  readonly clock: Clock;
  /**
   * PLATFORM_WEBHOOK_SECRET and the newest few a restart with another retired within the hour, as recorded at
   * start (src/store/operator-webhook-secrets.ts); undefined while it is unset, and the operator route answers
   * 404.
   */
  readonly operatorSecrets: OperatorWebhookSecrets | undefined;
  /** WEBHOOK_ALLOWED_IPS (CIDRs, addresses, `platform`); empty accepts every address. */
  readonly allowedSources: readonly string[];
  /** TRUSTED_PROXIES: only these may vouch for the client address with X-Forwarded-For. */
  readonly trustedProxies: readonly string[];
  readonly metrics?: WebhookMetrics;
  /** What runs in the transaction of every event stored (src/store/event-stored-subscribers.ts). */
  readonly subscribers: readonly EventStoredSubscriber[];
  /** Wakes the outbox worker after a delivery queued announcements. */
  readonly onEnqueued?: () => void;
}

// Async so that a bad address list fails app.ready() instead of escaping as an uncaught exception.
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, options) => {
  const metrics = options.metrics ?? noWebhookMetrics;
  const allowed = optionalList(options.allowedSources, "WEBHOOK_ALLOWED_IPS");
  const trusted = optionalList(options.trustedProxies, "TRUSTED_PROXIES");
  const ingest = createIngester({
    db: options.db,
    clock: options.clock,
    subscribers: options.subscribers,
  });

  await app.register(keepRawBody);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const statusCode = error.statusCode ?? 500;
    if (statusCode === 413) {
      metrics.rejected("body_too_large");
      return reply.code(413).send({ error: "payload_too_large" });
    }
    if (statusCode >= 400 && statusCode < 500) {
      metrics.rejected("bad_request");
      return reply.code(statusCode).send({ error: "bad_request" });
    }
    // Never echo internals: the platform only needs to know to retry.
    metrics.failed();
    const fault = classifyWriteFault(error);
    if (fault !== undefined) {
      // Nothing was stored; the write health logs the fault itself once (src/store/write-health.ts).
      request.log.warn({ fault }, "webhook delivery refused: the database cannot write");
      return reply
        .code(503)
        .header("retry-after", databaseRetryAfterSeconds)
        .send({ error: "database_unavailable", requestId: request.id });
    }
    request.log.error({ err: error }, "webhook delivery failed");
    return reply.code(500).send({ error: "internal_error", requestId: request.id });
  });

  if (allowed !== undefined) {
    app.addHook("onRequest", async (request, reply) => {
      const forwardedFor = request.headers["x-forwarded-for"];
      const client = resolveClientAddress(request.socket.remoteAddress, forwardedFor, trusted);
      if (client !== undefined && isListed(allowed, client)) return;
      metrics.rejected("source_not_allowed");
      request.log.info({ client }, "webhook delivery from an address not allowed");
      return reply.code(403).send({ error: "forbidden" });
    });
  }

  const deliver = (request: SignedDelivery, source: EventSource, secrets: readonly string[]) =>
    receiveDelivery(
      { ingest, logger: request.log, metrics, onEnqueued: options.onEnqueued },
      { rawBody: request.body, signature: request.headers["x-service-signature"], source, secrets },
    );
  const notFound = () => {
    metrics.rejected("unknown_endpoint");
    return { error: "not_found" } as const;
  };

  app.post(
    "/webhooks/platform",
    { bodyLimit: webhookBodyLimit, schema: operatorRouteSchema },
    async (request, reply) => {
      // Not configured is "no such webhook here", not a passing outage worth 40 minutes of retries.
      const secrets = options.operatorSecrets;
      if (secrets === undefined) return reply.code(404).send(notFound());
      const answer = await deliver(
        request,
        { type: "operator" },
        acceptedSecrets(secrets, options.clock.now()),
      );
      return reply.code(answer.statusCode).send(answer.body);
    },
  );

  app.post(
    "/webhooks/platform/:endpointId",
    { bodyLimit: webhookBodyLimit, schema: endpointRouteSchema },
    async (request, reply) => {
      const now = options.clock.now();
      const endpoint = await findWebhookEndpoint(
        options.db,
        options.secretBox,
        request.params.endpointId,
        now,
      );
      if (endpoint === undefined) return reply.code(404).send(notFound());
      const source = { type: "endpoint", endpointId: endpoint.id, guildId: endpoint.guildId } as const;
      const answer = await deliver(request, source, acceptedSecrets(endpoint, now));
      return reply.code(answer.statusCode).send(answer.body);
    },
  );
};

/** What a delivery is read from, as the routes' schemas type it. */
interface SignedDelivery {
  readonly body: Buffer;
  readonly headers: { readonly "x-service-signature"?: string | undefined };
  readonly log: DeliveryDependencies["logger"];
}

function optionalList(entries: readonly string[], setting: string) {
  return entries.length === 0 ? undefined : parseAddressList(entries, setting);
}
