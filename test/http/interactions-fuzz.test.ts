// Property-based fuzzing of POST /interactions (docs/architecture.md, "Testing"), on the real bot in HTTP
// interactions mode: whatever arrives, it never answers 5xx; nothing without a genuine, fresh signature is
// read, stored or sent on; and a genuine signature over a malformed body stores only the interaction's id
// (the replay check) and reaches Discord only on that interaction's own webhook.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandHandlers, componentHandlers, modalHandlers } from "../../src/commands/handlers.js";
import { createApplicationKeys } from "./interaction-fixtures.js";
import { applicationId, signBytes, signedAt, startFuzzBot, type FuzzBot } from "./support/fuzz-bot.js";

/** Replaced by a new snowflake each run, so a genuine interaction is not refused as a replay of an earlier one. */
const freshId = "<fresh id>";
const snowflake = fc.bigInt({ min: 10n ** 17n, max: 10n ** 19n }).map(String);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const interactionType = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) },
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 3 }),
  fc.constant(null),
);
const knownName = fc.constantFrom(
  ...commandHandlers.map((command) => command.data.name),
  ...componentHandlers.map((handler) => handler.prefix),
  ...modalHandlers.map((handler) => handler.prefix),
);
const customId = fc.oneof(
  knownName,
  fc
    .tuple(knownName, fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }))
    .map(([name, rest]) => [name, ...rest].join(":")),
  fc.string({ maxLength: 120 }),
);
const user = fc.record(
  {
    id: fc.oneof(snowflake, anyJson),
    username: fc.oneof(fc.string({ maxLength: 40 }), anyJson),
    discriminator: fc.constant("0"),
    global_name: fc.option(fc.string({ maxLength: 40 })),
  },
  { requiredKeys: [] },
);
const member = fc.oneof(
  fc.record({
    user,
    roles: fc.constant([]),
    permissions: fc.oneof(
      fc.constantFrom("0", "32", "8", "2147483647"),
      fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String),
      fc.string({ maxLength: 20 }),
      anyJson,
    ),
  }),
  anyJson,
);
const option = fc.record(
  {
    name: fc.oneof(fc.string({ maxLength: 20 }), knownName),
    type: fc.oneof(fc.integer({ min: 1, max: 11 }), anyJson),
    value: anyJson,
    focused: fc.boolean(),
    options: fc.oneof(anyJson, fc.constant([])),
  },
  { requiredKeys: [] },
);
/** What `data` holds for each interaction type, each field sometimes of the wrong type or missing. */
const interactionData = fc.oneof(
  anyJson,
  fc.record(
    {
      id: fc.oneof(snowflake, anyJson),
      name: fc.oneof(knownName, fc.string({ maxLength: 30 }), anyJson),
      type: fc.oneof(fc.integer({ min: 1, max: 4 }), anyJson),
      options: fc.oneof(fc.array(option, { maxLength: 3 }), anyJson),
      custom_id: fc.oneof(customId, anyJson),
      component_type: fc.oneof(fc.integer({ min: 1, max: 8 }), anyJson),
      values: fc.oneof(fc.array(fc.string({ maxLength: 30 }), { maxLength: 3 }), anyJson),
      components: fc.oneof(
        anyJson,
        fc.array(
          fc.record({
            type: fc.oneof(fc.constant(1), anyJson),
            components: fc.oneof(
              anyJson,
              fc.array(fc.record({ type: fc.constant(4), custom_id: fc.string(), value: anyJson })),
            ),
          }),
          { maxLength: 3 },
        ),
      ),
      resolved: anyJson,
    },
    { requiredKeys: [] },
  ),
);
/** Shaped like an interaction, every field sometimes of the wrong type or missing. */
const interactionLike = fc.record(
  {
    id: fc.oneof({ weight: 6, arbitrary: fc.constant(freshId) }, snowflake, anyJson),
    application_id: fc.oneof({ weight: 6, arbitrary: fc.constant(applicationId) }, anyJson),
    type: interactionType,
    token: fc.oneof(
      { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{10,80}$/) },
      fc.string({ maxLength: 60 }),
      anyJson,
    ),
    version: fc.constant(1),
    guild_id: fc.oneof({ weight: 4, arbitrary: snowflake }, anyJson),
    channel: fc.oneof(fc.record({ id: snowflake, type: fc.constant(0) }), anyJson),
    channel_id: fc.oneof(snowflake, anyJson),
    member: fc.oneof({ weight: 4, arbitrary: member }, anyJson),
    user: fc.oneof(user, anyJson),
    locale: fc.oneof(fc.constantFrom("en-US", "fr"), anyJson),
    guild_locale: anyJson,
    app_permissions: fc.oneof(fc.constant("0"), anyJson),
    message: fc.oneof(fc.record({ id: snowflake, channel_id: snowflake }), anyJson),
    data: interactionData,
  },
  { requiredKeys: ["id", "application_id", "type", "token"] },
);
/** A well-formed interaction of each type, with random names, custom ids, options, values and inputs. */
const plausibleMember = fc.record({
  user: fc.record({ id: snowflake, username: fc.string({ maxLength: 32 }), discriminator: fc.constant("0") }),
  roles: fc.constant([]),
  permissions: fc.oneof(
    fc.constantFrom("0", "8", "32", "2147483647"),
    fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String),
  ),
});
const commandData = fc.record({
  id: snowflake,
  name: fc.oneof({ weight: 4, arbitrary: knownName }, fc.string({ maxLength: 20 })),
  type: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, fc.integer({ min: 2, max: 4 })),
  options: fc.array(option, { maxLength: 3 }),
});
const componentData = fc.record({
  custom_id: customId,
  component_type: fc.constantFrom(2, 3, 5, 6, 7, 8),
  values: fc.array(fc.string({ maxLength: 30 }), { maxLength: 3 }),
});
const modalData = fc.record({
  custom_id: customId,
  components: fc.array(
    fc.record({
      type: fc.constant(1),
      components: fc.array(
        fc.record({ type: fc.constant(4), custom_id: fc.string({ maxLength: 20 }), value: fc.string() }),
        { maxLength: 2 },
      ),
    }),
    { maxLength: 4 },
  ),
});
const typeAndData = fc.oneof(
  fc.record({ type: fc.constantFrom(2, 4), data: commandData }),
  fc.record({ type: fc.constant(3), data: componentData }),
  fc.record({ type: fc.constant(5), data: modalData }),
  fc.record({ type: fc.constant(1) }),
);
const plausibleInteraction = fc
  .tuple(
    typeAndData,
    fc.record(
      {
        token: fc.oneof(
          { weight: 9, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{10,80}$/) },
          fc.string({ maxLength: 40 }),
        ),
        guild_id: snowflake,
        channel: fc.record({ id: snowflake, type: fc.constant(0) }),
        member: plausibleMember,
        user: user,
        locale: fc.constantFrom("en-US", "fr", "xx-invalid", ""),
      },
      { requiredKeys: ["token"] },
    ),
  )
  .map(([typed, rest]) => ({ id: freshId, application_id: applicationId, version: 1, ...rest, ...typed }));
/** A well-formed interaction with one field, or one field of its data, replaced by any JSON value. */
const mutatedInteraction = fc
  .tuple(
    plausibleInteraction,
    fc.constantFrom("member", "channel", "locale", "guild_id", "data", "type", "application_id"),
    fc.constantFrom("name", "type", "options", "custom_id", "values", "components", "component_type"),
    anyJson,
    fc.boolean(),
  )
  .map(([interaction, field, dataField, value, inData]) =>
    inData && "data" in interaction
      ? { ...interaction, data: { ...interaction.data, [dataField]: value } }
      : { ...interaction, [field]: value },
  );
/**
 * JSON text nested `depth` times, or one long string: sizes no real interaction has, under the 1 MiB body limit.
 * Built as text: a value nested that deep is more than JSON.stringify can take.
 */
const outsizedJson = fc.oneof(
  fc.integer({ min: 1, max: 50_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
  fc.integer({ min: 1, max: 900_000 }).map((length) => JSON.stringify("x".repeat(length))),
);
const outsizedPlaceholder = "<outsized>";
const withOutsized = fc
  .tuple(interactionLike, fc.constantFrom("data", "member", "token", "id", "guild_id"), outsizedJson)
  .map(([interaction, field, value]) =>
    JSON.stringify({ ...interaction, [field]: outsizedPlaceholder }).replace(
      JSON.stringify(outsizedPlaceholder),
      value,
    ),
  );
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
