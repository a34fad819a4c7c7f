// src/store/ids.ts: the outbox's ids sort by when they were made, so its rows are added at the end of its
// index; each still fits a Discord message nonce and is unique.
import { describe, expect, it } from "vitest";
import { createOrderedId } from "../../src/store/ids.js";

describe("createOrderedId", () => {
  it("sorts ids of later times after earlier ones, whatever their random part", () => {
    const times = [
      0,
      1,
      35,
      36,
      1_000,
      Date.UTC(2026, 10, 26),
      Date.UTC(2026, 10, 26) + 1,
      Date.UTC(2199, 0, 1),
    ];
    const ids = times.map((time) => createOrderedId(time));
    expect([...ids].sort()).toEqual(ids);
  });

  it("makes url-safe ids of at most 25 characters, each one new", () => {
    const ids = Array.from({ length: 2_000 }, () => createOrderedId(Date.UTC(2026, 10, 26)));
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{9}[A-Za-z0-9_-]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
