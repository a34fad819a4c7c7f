// A verified body that cannot be a platform event (src/events/normalise-event.ts): kept as dead with a short
// error, under the payload's own id when it has a usable one, else the body's hash, so retries dedupe.
import { describe, expect, it } from "vitest";
import { deriveEventId } from "../../src/events/normalise-event.js";
import { battleCompletedData, standardEvent } from "../webhooks/support/payloads.js";
import { event, normalise } from "./support/read-body.js";

describe("malformed payloads", () => {
  it.each([
    ["text that is not JSON", "not json", "the body is not JSON"],
    ["an empty body", "", "the body is not JSON"],
    ["a JSON array", "[1,2]", "the payload is not a JSON object"],
    ["a standard event without data", JSON.stringify({ id: "evt_m", event: "battle.created" }), "data"],
    ["an event without a kind", JSON.stringify({ id: "evt_m", data: {} }), "event"],
    ["a kind with control characters", JSON.stringify({ id: "evt_m", event: "a\u0000b", data: {} }), "event"],
    ["an empty id", JSON.stringify({ id: "", event: "battle.created", data: {} }), "id"],
    ["a battle event without a battle id", standardEvent({ event: "battle.completed", data: {} }), "data.id"],
    [
      "a standard event without created",
      JSON.stringify({ id: "evt_m", event: "battle.created", data: { id: "bat_1" } }),
      "created: missing",
    ],
    [
      "an unreadable created",
      standardEvent({ event: "battle.created", created: "yesterday", data: { id: "bat_1" } }),
      "created: missing or not a readable time",
    ],
    [
      "a created of null",
      JSON.stringify({ id: "evt_m", event: "battle.created", created: null, data: { id: "bat_1" } }),
      "created: missing or not a readable time",
    ],
    [
      "an older event without timestamp",
      JSON.stringify({ event: "battle.completed", data: { battleId: "bat_9" } }),
      "timestamp: missing",
    ],
    [
      "an event of a kind this release does not know, undated",
      JSON.stringify({ id: "evt_m", event: "arena.something_new", data: {} }),
      "created",
    ],
    [
      "a rating change without a user",
      standardEvent({ event: "user.rating_changed", data: {} }),
      "data.user",
    ],
  ])("refuses %s, saying why", (_name, body, mentioned) => {
    const result = normalise(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(mentioned);
  });

  it("keeps the payload's id and kind when they are usable, so retries of it dedupe", () => {
    const result = normalise(standardEvent({ id: "evt_bad", event: "battle.completed", data: { mode: 1 } }));
    expect(result).toMatchObject({ ok: false, eventId: "evt_bad", rawKind: "battle.completed" });
  });

  it("falls back to the body hash when the id is unusable", () => {
    const body = JSON.stringify({ id: "a\u0000b", event: "battle.created", data: {} });
    expect(normalise(body)).toMatchObject({
      ok: false,
      eventId: deriveEventId(Buffer.from(body)),
      rawKind: "battle.created",
    });
  });

  it("reads a body nested 31 deep and refuses one with anything 32 deep", () => {
    // The body is 0 deep, its data 1, and the innermost of n arrays in `data.a` n + 1.
    const nested = (arrays: number) =>
      JSON.stringify({
        id: "evt_n",
        event: "x.y",
        created: "2026-11-21T10:00:00Z",
        data: { a: "inner" },
      }).replace('"inner"', `${"[".repeat(arrays)}${"]".repeat(arrays)}`);
    expect(normalise(nested(30))).toMatchObject({ ok: true, event: { id: "evt_n", kind: undefined } });
    expect(normalise(nested(31))).toEqual({
      ok: false,
      eventId: "evt_n",
      rawKind: "x.y",
      error: "the payload is nested deeper than 32",
    });
  });

  it("reads a body that starts with a byte order mark", () => {
    const body = standardEvent({ id: "evt_bom", event: "battle.completed", data: battleCompletedData() });
    expect(normalise(`\uFEFF${body}`)).toEqual(normalise(body));
    expect(event(`\uFEFF${body}`).id).toBe("evt_bom");
  });

  it("refuses a hostile nesting depth without overflowing the stack", () => {
    const deep = `{"id":"evt_d","event":"x.y","data":{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}}`;
    const result = normalise(deep);
    expect(result).toMatchObject({ ok: false, eventId: "evt_d", error: expect.stringContaining("nested") });
  });
});
