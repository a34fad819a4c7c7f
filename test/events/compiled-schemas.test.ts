// The receiver reads deliveries with zod's compiled schemas (src/events/compiled-schemas.ts). Compiled code is
// zod's fast path, and a wrong success would be returned as it is: for every kind, payloads shaped like the
// platform's with one field deleted or replaced by any JSON value must be read exactly as zod's own parser
// reads them, accepted into the same value or refused with the same issues.
import fc from "fast-check";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import {
  compiledDataSchema,
  compiledOlderEnvelope,
  compiledStandardEnvelope,
} from "../../src/events/compiled-schemas.js";
import { participantSchema } from "../../src/events/event-data/battle-summary.js";
import { eventDataSchemas } from "../../src/events/event-data/event-data-schemas.js";
import { storableString } from "../../src/events/event-data/fields.js";
import { entrySchema } from "../../src/events/event-data/system-events.js";
import { standingSchema } from "../../src/events/event-data/team-events.js";
import { eventKinds } from "../../src/events/event-kinds.js";
import { olderEnvelopeSchema, standardEnvelopeSchema } from "../../src/events/platform-event.js";
import { createSandboxWorld } from "../announcements/support/events.js";

type Json = unknown;
type Path = readonly (string | number)[];

const deleted = Symbol("deleted");

/** Every path into `value` (objects' keys and arrays' indexes), the value's own (empty) path first. */
function pathsOf(value: Json, prefix: Path = []): Path[] {
  if (Array.isArray(value))
    return [prefix, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value !== null && typeof value === "object")
    return [prefix, ...Object.entries(value).flatMap(([key, inner]) => pathsOf(inner, [...prefix, key]))];
  return [prefix];
}

/** A copy of `value` with what is at `path` replaced, or deleted (`deleted`). */
function replaceAt(value: Json, path: Path, replacement: Json): Json {
  const [head, ...rest] = path;
  if (head === undefined) return replacement === deleted ? undefined : replacement;
  if (Array.isArray(value)) {
    const copy = [...(value as Json[])];
    if (rest.length === 0 && replacement === deleted) copy.splice(Number(head), 1);
    else copy[Number(head)] = replaceAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const entries = Object.entries(value as Record<string, Json>);
  if (rest.length === 0 && replacement === deleted)
    return Object.fromEntries(entries.filter(([key]) => key !== String(head)));
  return Object.fromEntries(
    entries.map(([key, inner]) => [key, key === String(head) ? replaceAt(inner, rest, replacement) : inner]),
  );
}

const replacement = fc.oneof(
  fc.constant(deleted),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    "",
    " ",
    "x".repeat(5000),
    "2026-11-21T10:00:00Z",
    "usr_1",
    -1,
    0,
    -0,
    1.5,
    1e21,
    null,
    true,
  ),
);

/** `base` with one of its fields (or itself) deleted or replaced. */
function mutated(base: Json): fc.Arbitrary<Json> {
  const paths = pathsOf(base);
  return fc
    .tuple(fc.constantFrom(...paths), replacement)
    .map(([path, value]) => replaceAt(base, path, value));
}

function outcome(schema: z.ZodType, input: Json): object {
  const result = schema.safeParse(input);
  return result.success ? { accepted: result.data } : { refused: result.error.issues };
}

/** Compares the two on `base` and its mutations; answers how many of each outcome the runs saw. */
function expectSameReading(
  compiled: z.ZodType,
  runtime: z.ZodType,
  base: Json,
): { accepted: number; refused: number } {
  const seen = { accepted: 0, refused: 0 };
  expect(outcome(compiled, base)).toStrictEqual(outcome(runtime, base));
  fc.assert(
    fc.property(mutated(base), (input) => {
      const compiledOutcome = outcome(compiled, input);
      expect(compiledOutcome).toStrictEqual(outcome(runtime, input));
      seen["accepted" in compiledOutcome ? "accepted" : "refused"] += 1;
    }),
    { numRuns: 150 },
  );
  return seen;
}

describe("compiled event schemas", () => {
  const world = createSandboxWorld();

  it.each(eventKinds)("%s data is read as zod reads it", (kind) => {
    const base = world.data(kind);
    expect(compiledDataSchema(kind).safeParse(base).success).toBe(true);
    const seen = expectSameReading(compiledDataSchema(kind), eventDataSchemas[kind], base);
    // Both sides of the comparison were exercised, not only refusals.
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });

  it("reads both envelopes as zod reads them", () => {
    const data = world.data("battle.completed");
    const standard = {
      id: "evt_1",
      event: "battle.completed",
      created: "2026-11-21T10:00:00Z",
      data,
      request: { id: "req_1", idempotency_key: "key_1" },
    };
    const older = { event: "battle.completed", timestamp: 1_763_719_200, data };
    for (const [compiled, runtime, base] of [
      [compiledStandardEnvelope(), standardEnvelopeSchema, standard],
      [compiledOlderEnvelope(), olderEnvelopeSchema, older],
    ] as const) {
      const seen = expectSameReading(compiled, runtime, base);
      expect(seen.accepted).toBeGreaterThan(0);
      expect(seen.refused).toBeGreaterThan(0);
    }
  });

  // A list's items are read inside a transform, where compiling the event's schema does not reach, so
  // tolerantList compiles each item's schema itself (src/events/event-data/fields.ts).
  const listItems: readonly (readonly [string, z.ZodType, () => Json])[] = [
    [
      "a battle's participant",
      participantSchema,
      () => firstOf(world.data("battle.completed"), "participants"),
    ],
    ["a team's standing", standingSchema, () => firstOf(world.data("team.battle_completed"), "teams")],
    ["a leaderboard's entry", entrySchema, () => firstOf(world.data("system.leaderboard_updated"), "top")],
    ["a text list's item", storableString, () => "Two Sum"],
  ];
  it.each(listItems)("reads %s as zod reads it", (_name, schema, base) => {
    const compiled = z.compile(schema);
    // z.compile answers the schema itself when it cannot compile it: this compares compiled code.
    expect(compiled).not.toBe(schema);
    const seen = expectSameReading(compiled, schema, base());
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });
});

/** The first item of the list `data[key]`, which the sandbox's events always fill. */
function firstOf(data: Json, key: string): Json {
  const list = (data as Record<string, Json>)[key];
  if (!Array.isArray(list) || list.length === 0) throw new Error(`the sandbox's data has no ${key}`);
  return list[0] as Json;
}
