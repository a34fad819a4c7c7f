// The fake's count of Discord's invalid-request limit (fake-discord/rate-limits/invalid-requests.ts), on a
// manual clock; test/fake-discord/rate-limits.test.ts holds the same limit over HTTP.
import { describe, expect, it } from "vitest";
import { InvalidRequestLimit } from "../../fake-discord/rate-limits/invalid-requests.js";
import { ManualClock } from "../../src/clock.js";

describe("the fake Discord's invalid-request limit", () => {
  const settings = { count: 3, windowMs: 1000, banMs: 5000 };

  it("counts 401, 403 and 429, but not a 429 of scope shared nor any other answer", () => {
    const limit = new InvalidRequestLimit(new ManualClock(), settings);
    expect([200, 204, 400, 404, 500].map((status) => limit.record(status, undefined))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(limit.record(429, "shared")).toBe(false);
    expect(limit.record(401, undefined)).toBe(true);
    expect(limit.record(403, undefined)).toBe(true);
    expect(limit.banSecondsLeft()).toBeUndefined();
    expect(limit.record(429, "user")).toBe(true);
    expect(limit.banSecondsLeft()).toBe(5);
  });

  it("bans for its whole length from the answer that reached the limit, then counts afresh", () => {
    const clock = new ManualClock();
    const limit = new InvalidRequestLimit(clock, settings);
    for (let answer = 0; answer < 3; answer += 1) limit.record(403, undefined);
    clock.advance(4001);
    expect(limit.banSecondsLeft()).toBe(1);
    clock.advance(999);
    expect(limit.banSecondsLeft()).toBeUndefined();
    // The answers before the ban do not count towards the next one.
    limit.record(403, undefined);
    limit.record(403, undefined);
    expect(limit.banSecondsLeft()).toBeUndefined();
  });

  it("keeps only the window's answers however many went before, and lifts its ban when told", () => {
    const clock = new ManualClock();
    const limit = new InvalidRequestLimit(clock, { count: 3, windowMs: 10, banMs: 5000 });
    // Two answers in each window, never three: thousands of them, no ban.
    for (let window = 0; window < 2000; window += 1) {
      limit.record(401, undefined);
      limit.record(401, undefined);
      clock.advance(10);
    }
    expect(limit.banSecondsLeft()).toBeUndefined();
    for (let answer = 0; answer < 3; answer += 1) limit.record(401, undefined);
    expect(limit.banSecondsLeft()).toBe(5);
    limit.lift();
    expect(limit.banSecondsLeft()).toBeUndefined();
  });
});
