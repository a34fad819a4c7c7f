// The platform's side, from the page: finish a battle, start a tournament, move the one clock the sandbox,
// the bot and the fake Discord read (playground/README.md, "One clock"), and send the bot any webhook event (a
// pre-filled payload the page lets one edit), signed as the sandbox signs.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { canonicalEventKind, eventKinds } from "../../sandbox/webhooks/event-kinds.js";
import { renderLegacyPayload } from "../../sandbox/webhooks/legacy-payload.js";
import { sampleEventData } from "../../sandbox/webhooks/sample-data.js";
import { signPayload } from "../../sandbox/webhooks/signature.js";
import { finishBattle, startTournament } from "../platform-events.js";
import type { Playground } from "../start-playground.js";
import { describeDelivery, readPayloadKind } from "./delivery-outcome.js";

const optionalId = z.object({ id: z.string().min(1).optional() });
/** The furthest the clock moves at once: a year and a day, past any reminder, digest or event end. */
const maxClockMoveSeconds = 366 * 24 * 3600;
const clockBody = z.object({
  seconds: z
    .number()
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1")
    .max(maxClockMoveSeconds, `must be at most ${String(maxClockMoveSeconds)} (366 days)`),
});
const sampleQuery = z.object({ kind: z.string(), form: z.enum(["standard", "legacy"]).default("standard") });
const eventBody = z.object({
  kind: z.string(),
  payload: z
    .string()
    .min(2)
    .max(256 * 1024),
});

/** The kinds the page offers: the fourteen, and the reference's `tournament.started` alias. */
export const offeredEventKinds = [...eventKinds, "tournament.started"] as const;

export function registerPlatformRoutes(app: FastifyInstance, playground: Playground): void {
  const { sandbox } = playground;

  app.post("/api/platform/finish-battle", (request, reply) => {
    const { id } = optionalId.parse(request.body ?? {});
    return reply.send({ said: `The platform finished battle ${finishBattle(sandbox, id)}.` });
  });

  app.post("/api/platform/start-tournament", (request, reply) => {
    const { id } = optionalId.parse(request.body ?? {});
    return reply.send({ said: `The platform started the tournament ${startTournament(sandbox, id)}.` });
  });

  app.post("/api/platform/clock", async (request) => {
    const { seconds } = clockBody.parse(request.body);
    await sandbox.advance(seconds * 1000);
    const now = sandbox.clock.now();
    return {
      said: `The clock moved ${seconds} s ahead, to ${new Date(now).toISOString()}: the platform, the bot and Discord's timestamps read it.`,
      now,
    };
  });

  app.get("/api/platform/events", (_request, reply) => reply.send({ kinds: offeredEventKinds }));

  app.get("/api/platform/events/sample", (request, reply) => {
    const { kind, form } = sampleQuery.parse(request.query);
    const canonical = canonicalEventKind(kind);
    if (canonical === undefined) throw new Error(`No event kind "${kind}"`);
    const now = sandbox.clock.now();
    // Sent as a real event of the platform, so not marked as a test (docs/platform-assumptions.md).
    const { test: _testMark, ...data } = sampleEventData(sandbox.state, canonical, now, {});
    if (form === "legacy") return reply.send({ payload: prettyJson(renderLegacyPayload(kind, now, data)) });
    const requestId = `req_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
    const payload = {
      id: `evt_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
      event: kind,
      created: new Date(now).toISOString(),
      data,
      request: { id: requestId, idempotency_key: requestId },
    };
    return reply.send({ payload: JSON.stringify(payload, null, 2) });
  });

  app.post("/api/platform/events", async (request) => {
    const { kind, payload } = eventBody.parse(request.body);
    try {
      JSON.parse(payload);
    } catch (error) {
      // JSON.parse's own words ("Expected property name …") do not say which text it read.
      throw new Error(`The payload is not JSON, so nothing was sent: ${(error as Error).message}`);
    }
    const { url, secret } = playground.platformWebhook;
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-service-signature": signPayload(payload, secret),
        "x-service-event": kind,
        "x-service-delivery": `dlv_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
      },
      body: payload,
    });
    const body: unknown = await response.json().catch(() => ({}));
    const outcome = await describeDelivery(playground, readPayloadKind(payload, kind), {
      httpStatus: response.status,
      body,
    });
    return { ...outcome, status: response.status };
  });
}

function prettyJson(text: string): string {
  return JSON.stringify(JSON.parse(text), null, 2);
}
