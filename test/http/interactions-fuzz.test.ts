// Property-based fuzzing of POST /interactions (docs/architecture.md, "Testing"), on the real bot in HTTP
// interactions mode: whatever arrives, it never answers 5xx; nothing without a genuine, fresh signature is
// read, stored or sent on; and a genuine signature over a malformed body stores only the interaction's id
// (the replay check) and reaches Discord only on that interaction's own webhook.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApplicationKeys } from "./interaction-fixtures.js";
import {
  freshId,
  interactionLike,
  mutatedInteraction,
  plausibleInteraction,
  withOutsized,
} from "./support/interaction-arbitraries.js";
import { signBytes, signedAt, startFuzzBot, type FuzzBot } from "./support/fuzz-bot.js";

/** JSON bodies are generated as text, so a failure prints them readably; other bytes as bytes. */
const asJson = (value: unknown) => JSON.stringify(value);
const toBuffer = (body: string | Uint8Array) =>
  typeof body === "string" ? Buffer.from(body) : Buffer.from(body);

/** Bodies of every kind: bytes, text, JSON of any shape, interaction-like JSON. */
const anyBody = fc.oneof(
  fc.constant(""),
  fc.uint8Array({ maxLength: 400 }),
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map(asJson),
  interactionLike.map(asJson),
);
/**
 * What a genuine signature may cover: the same, well-formed interactions with random contents, ones with a field
 * of the wrong type, and ones with outsized or deeply nested values.
 */
const signedBody = fc.oneof(
  { weight: 3, arbitrary: anyBody },
  { weight: 3, arbitrary: interactionLike.map(asJson) },
  { weight: 8, arbitrary: plausibleInteraction.map(asJson) },
  { weight: 4, arbitrary: mutatedInteraction.map(asJson) },
  { weight: 1, arbitrary: withOutsized },
);
const contentType = fc.constantFrom(
  "application/json",
  "text/plain",
  "application/octet-stream",
  "multipart/form-data; boundary=x",
);
const hexSignature = fc.stringMatching(/^[0-9a-f]{128}$/);
const headerText = fc.string({ maxLength: 140 });
const otherKey = createApplicationKeys().privateKey;

/** Headers that must be refused: missing, malformed, from another key, over other bytes, or stale or future. */
function refusedHeaders(body: string | Uint8Array) {
  return fc.oneof(
    fc.record(
      { "x-signature-ed25519": fc.oneof(headerText, hexSignature), "x-signature-timestamp": headerText },
      { requiredKeys: [] },
    ),
    fc.constant(signedAt).map((timestamp) => ({
      "x-signature-ed25519": signBytes(otherKey, timestamp, toBuffer(body)),
      "x-signature-timestamp": timestamp,
    })),
    fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.boolean()).map(([other, prefix]) => ({
      // Genuine, but over other bytes.
      signed: Buffer.concat(prefix ? [other, toBuffer(body)] : [toBuffer(body), other]),
    })),
    fc
      .oneof(
        // The bot's clock is 60 s after signedAt, so fresh means within [signedAt - 240, signedAt + 360].
        fc.integer({ min: 361, max: 2_000_000_000 }).map((ahead) => String(Number(signedAt) + ahead)),
        fc.integer({ min: 0, max: Number(signedAt) - 241 }).map(String),
        fc.constantFrom(` ${signedAt}`, `${signedAt}.0`, "+1730000000", "1.73e9", "-1", "", "0x6720ee00"),
      )
      .map((timestamp) => ({ stale: timestamp })),
  );
}

describe("fuzzing POST /interactions", () => {
  let fuzz: FuzzBot;
  let nextId = 1_400_000_000_000_000_000n;

  beforeAll(async () => {
    fuzz = await startFuzzBot();
  });
  afterAll(async () => {
    await fuzz.close();
  });

  it("refuses with 401 every request without a genuine, fresh signature, and stores and sends nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        anyBody.chain((body) => fc.tuple(fc.constant(body), refusedHeaders(body), contentType)),
        async ([generated, variant, type]) => {
          const body = toBuffer(generated);
          let headers: Record<string, string>;
          if ("signed" in variant) {
            headers = {
              "x-signature-ed25519": signBytes(fuzz.privateKey, signedAt, variant.signed),
              "x-signature-timestamp": signedAt,
            };
          } else if ("stale" in variant) {
            headers = {
              "x-signature-ed25519": signBytes(fuzz.privateKey, variant.stale, body),
              "x-signature-timestamp": variant.stale,
            };
          } else headers = { ...variant };
          const response = await fuzz.post(body, { ...headers, "content-type": type });
          expect(response.statusCode).toBe(401);
          expect(response.body).toBe("invalid request signature");
        },
      ),
      { numRuns: 1000 },
    );
    const rows = await fuzz.countRows();
    expect(Object.values(rows).every((count) => count === 0)).toBe(true);
    expect(fuzz.discord.requests).toEqual([]);
  });

  it("never answers 5xx to a genuine signature over any body, and keeps only the ids of the ones it took", async () => {
    const taken = new Set<string>();
    const before = (await fuzz.countRows()).seen_interactions;
    await fc.assert(
      fc.asyncProperty(signedBody, contentType, async (generated, type) => {
        const id = String(nextId++);
        const body = toBuffer(
          typeof generated === "string"
            ? generated.replaceAll(JSON.stringify(freshId), JSON.stringify(id))
            : generated,
        );
        const requestsBefore = fuzz.discord.requests.length;
        const response = await fuzz.post(body, {
          "content-type": type,
          "x-signature-ed25519": signBytes(fuzz.privateKey, signedAt, body),
          "x-signature-timestamp": signedAt,
        });
        expect(response.statusCode).toBeLessThan(500);
        const answer = response.statusCode === 200 ? response.json<{ type: number }>() : undefined;
        if (answer !== undefined && answer.type !== 1) {
          const takenId = JSON.parse(body.toString("utf8")) as { id: string };
          taken.add(takenId.id);
          await fuzz.finished(takenId.id);
        }
        // Only this interaction's own webhook: its answer's edits and follow-ups, never a channel message.
        const sent = fuzz.discord.requests.slice(requestsBefore);
        expect(sent.filter((request) => !request.path.startsWith("/api/v10/webhooks/"))).toEqual([]);
      }),
      { numRuns: 1200 },
    );
    const rows = await fuzz.countRows();
    expect(rows).toEqual({
      ...Object.fromEntries(Object.keys(rows).map((table) => [table, 0])),
      seen_interactions: before + taken.size,
    });
    // The generators reach the handlers, not only the refusals.
    expect(taken.size).toBeGreaterThan(100);
  });
});
