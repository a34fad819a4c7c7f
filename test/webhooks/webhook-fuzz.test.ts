// Property-based fuzzing of the receiver (docs/architecture.md, "Testing"): whatever arrives, it never
// answers 5xx, and nothing without a valid signature is ever stored.
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { eventKinds } from "../../src/events/event-kinds.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { battleCompletedData, ratingChangedData, sign, standardEvent } from "./support/payloads.js";
import { buildReceiverApp, operatorSecret, type CountingMetrics } from "./support/receiver-app.js";
import { channelOf, guildA, guildB, linkMember, postBattleCard, subscribe } from "./support/seed.js";
import { countStored } from "./support/store-counts.js";

const [database] = testDatabases();

const headerText = fc.string({
  unit: fc.constantFrom(...Array.from("abcdefABCDEF0123456789=sha-_ ,;:/.xyz")),
  maxLength: 80,
});
const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const randomSignature = fc.option(
  fc.oneof(
    headerText,
    hex64,
    hex64.map((hex) => `sha256=${hex}`),
    hex64.map((hex) => `sha256=${hex.toUpperCase()}`),
  ),
  { nil: undefined },
);
const kindName = fc.oneof(fc.constantFrom(...eventKinds, "tournament.started"), fc.string({ maxLength: 30 }));
const timestamp = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 30 }),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
);
/** Objects shaped like events, with every field of the wrong type now and then. */
const eventLike = fc.record(
  {
    id: fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.jsonValue({ maxDepth: 2 })),
    event: fc.oneof(kindName, fc.jsonValue({ maxDepth: 1 })),
    created: timestamp,
    timestamp,
    data: fc.oneof(
      fc.dictionary(
        fc.constantFrom(
          "id",
          "battle_id",
          "battleId",
          "user",
          "user_id",
          "participants",
          "winner",
          "difficulty",
          "problem",
          "teams",
          "top",
          "old_rating",
          "new_rating",
          "change",
          "tournament_id",
          "title",
        ),
        fc.jsonValue({ maxDepth: 3 }),
      ),
      fc.jsonValue({ maxDepth: 3 }),
    ),
    request: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);
/** Real payloads with one field replaced by anything. */
const mutatedPayload = fc
  .tuple(
    fc.constantFrom(
      JSON.parse(standardEvent({ event: "battle.completed", data: battleCompletedData() })) as Record<
        string,
        unknown
      >,
      JSON.parse(
        standardEvent({ event: "user.rating_changed", data: ratingChangedData("usr_ada", 1500, 1540) }),
      ) as Record<string, unknown>,
    ),
    fc.constantFrom("id", "event", "created", "data", "request"),
    fc.constantFrom("participants", "winner", "user", "id", "problem", "change", "old_rating"),
    fc.jsonValue({ maxDepth: 3 }),
    fc.boolean(),
  )
  .map(([payload, field, dataField, value, inData]) =>
    inData
      ? { ...payload, data: { ...(payload.data as Record<string, unknown>), [dataField]: value } }
      : { ...payload, [field]: value },
  );
const anyBody = fc.oneof(
  fc.uint8Array({ maxLength: 600 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ maxLength: 300 }).map((text) => Buffer.from(text)),
  fc.jsonValue({ maxDepth: 4 }).map((value) => Buffer.from(JSON.stringify(value))),
  eventLike.map((value) => Buffer.from(JSON.stringify(value))),
);
const validJsonBody = fc
  .oneof(fc.jsonValue({ maxDepth: 4 }), eventLike, mutatedPayload)
  .map((value) => Buffer.from(JSON.stringify(value)));
const contentType = fc.constantFrom(
  "application/json",
  "text/plain",
  "application/octet-stream",
  "application/x-www-form-urlencoded",
);

describe("fuzzing the webhook receiver", () => {
  const store = useMigratedStore(database!);
  const box = createTestSecretBox();
  let app: FastifyInstance;
  let metrics: CountingMetrics;

  beforeAll(async () => {
    // Two hours after the real payloads' `created`: neither stale nor dated ahead.
    const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
    ({ app, metrics } = await buildReceiverApp({ db: store.db, secretBox: box, clock }));
  });
  afterAll(async () => {
    await app.close();
  });

  async function routesToFanOut(): Promise<void> {
    for (const guildId of [guildA, guildB]) {
      await subscribe(store.db, {
        guildId,
        channelId: channelOf(guildId, 1),
        kinds: [...eventKinds],
        filters: { linkedOnly: guildId === guildB },
      });
    }
    await linkMember(store.db, box, {
      guildId: guildB,
      userId: "400000000000000001",
      platformUserId: "usr_ada",
    });
    await postBattleCard(store.db, {
      battleId: "bat_1",
      guildId: guildA,
      channelId: channelOf(guildA, 5),
      messageId: "500000000000000001",
    });
  }

  it("never answers 5xx nor stores anything for random bodies with random signatures", async () => {
    await routesToFanOut();
    await fc.assert(
      fc.asyncProperty(
        anyBody,
        randomSignature,
        contentType,
        fc.constantFrom("", "/AAAAAAAAAAAAAAAAAAAAAA", "/x%20y"),
        async (body, signature, type, suffix) => {
          const response = await app.inject({
            method: "POST",
            url: `/webhooks/platform${suffix}`,
            payload: body,
            headers: {
              "content-type": type,
              ...(signature === undefined ? {} : { "x-service-signature": signature }),
            },
          });
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 1000 },
    );
    expect(await countStored(store.db)).toEqual({ inbox: 0, outbox: 0 });
    expect(metrics.count("failed")).toBe(0);
  });

  it("never accepts a body whose signature was made for other bytes or with another secret", async () => {
    await fc.assert(
      fc.asyncProperty(
        validJsonBody,
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        async (body, position, wrongSecret) => {
          const signature = wrongSecret ? sign(body, `${operatorSecret}!`) : sign(body, operatorSecret);
          const sent = wrongSecret ? body : flipOneBit(body, position);
          const response = await app.inject({
            method: "POST",
            url: "/webhooks/platform",
            payload: sent,
            headers: { "content-type": "application/json", "x-service-signature": signature },
          });
          expect(response.statusCode).toBe(401);
        },
      ),
      { numRuns: 800 },
    );
    expect((await countStored(store.db)).inbox).toBe(0);
  });

  it("acknowledges every validly signed JSON body, whatever its shape, but one dated ahead, and never answers 5xx", async () => {
    await routesToFanOut();
    await fc.assert(
      fc.asyncProperty(validJsonBody, contentType, async (body, type) => {
        const response = await app.inject({
          method: "POST",
          url: "/webhooks/platform",
          payload: body,
          headers: { "content-type": type, "x-service-signature": sign(body, operatorSecret) },
        });
        expect([200, 425]).toContain(response.statusCode);
        // Dated further ahead of the clock than the allowance: refused for now, for the platform to retry.
        expect(response.json()).toEqual(
          response.statusCode === 425
            ? { error: "too_early", eventId: expect.stringMatching(/./) }
            : {
                status: expect.stringMatching(/^(accepted|duplicate|ignored|dead|stale)$/),
                eventId: expect.stringMatching(/./),
              },
        );
      }),
      { numRuns: 1200 },
    );
    expect(metrics.count("failed")).toBe(0);
    expect(metrics.count("received:accepted")).toBeGreaterThan(0);
    expect(metrics.count("received:dead")).toBeGreaterThan(0);
    expect(metrics.count("received:future")).toBeGreaterThan(0);
  });
});

function flipOneBit(body: Buffer, position: number): Buffer {
  const copy = Buffer.from(body);
  if (copy.length === 0) return Buffer.from(" ");
  const index = position % copy.length;
  copy[index] = (copy[index] ?? 0) ^ (1 << (position % 8));
  return copy;
}
