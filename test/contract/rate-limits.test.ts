// Contract: the sandbox's per-key sliding window (X-RateLimit-* headers, a 429 as RATE_LIMIT_EXCEEDED or
// RATE_LIMITED) and the client's memory of it, which refuses calls locally while a credential has none left
// (the platform's API reference "Limits"; docs/platform-assumptions.md "Rate limits").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getCurrentUser,
  PlatformRateLimitedLocallyError,
  type PlatformCredential,
} from "../../src/api/index.js";
import { startContractSandbox, type ContractWorld } from "./support/contract-sandbox.js";
import { catchPlatformError } from "./support/platform-error.js";

const windowSeconds = 60;
let world: ContractWorld;

beforeAll(async () => {
  world = await startContractSandbox({ rateLimits: { limit: 3, windowSeconds } });
});
afterAll(async () => {
  await world.close();
});

async function spend(credential: PlatformCredential, calls: number): Promise<void> {
  for (let call = 0; call < calls; call += 1) await getCurrentUser(world.http, credential);
}

describe("rate limits", () => {
  it("stops calling once X-RateLimit-Remaining reaches 0, and resumes when the window has passed", async () => {
    const bob = world.credential("bob", "read");
    await spend(bob, 3);
    const sent = world.apiRequests();

    const local = await catchPlatformError(getCurrentUser(world.http, bob));
    expect(local).toBeInstanceOf(PlatformRateLimitedLocallyError);
    expect(local).toMatchObject({ status: 429, code: "RATE_LIMITED", isRateLimit: true, retryAfter: 60 });
    world.clock.advance(30_000);
    await expect(getCurrentUser(world.http, bob)).rejects.toMatchObject({ retryAfter: 30 });
    expect(world.apiRequests()).toBe(sent);

    // Limits are per key: another key of the same user is untouched.
    await expect(getCurrentUser(world.http, world.credential("bob", "read"))).resolves.toMatchObject({
      username: "bob",
    });

    world.clock.advance(30_000);
    await expect(getCurrentUser(world.http, bob)).resolves.toMatchObject({ username: "bob" });
    expect(world.apiRequests()).toBe(sent + 2);
  });

  it("reads the sandbox's 429 (details, retry-after) and then fails fast without a request", async () => {
    const carol = world.credential("carol", "read");
    await spend(carol, 3);
    // A second bot process has not seen the first one's headers, so its call reaches the sandbox.
    const otherProcess = world.createHttp();
    const before = world.apiRequests();

    const refused = await catchPlatformError(getCurrentUser(otherProcess, carol));
    expect(refused).not.toBeInstanceOf(PlatformRateLimitedLocallyError);
    expect(refused).toMatchObject({
      status: 429,
      code: "RATE_LIMIT_EXCEEDED",
      isRateLimit: true,
      retryAfter: windowSeconds,
      details: { limit: 3, window: windowSeconds, retry_after: windowSeconds },
    });
    expect(refused.requestId).toMatch(/^req_/);
    expect(world.apiRequests()).toBe(before + 1);

    const again = await catchPlatformError(getCurrentUser(otherProcess, carol));
    expect(again).toBeInstanceOf(PlatformRateLimitedLocallyError);
    expect(again).toMatchObject({ isRateLimit: true, retryAfter: windowSeconds });
    expect(world.apiRequests()).toBe(before + 1);

    world.clock.advance(windowSeconds * 1000);
    await expect(getCurrentUser(otherProcess, carol)).resolves.toMatchObject({ username: "carol" });
    await expect(getCurrentUser(world.http, carol)).resolves.toMatchObject({ username: "carol" });
    expect(world.apiRequests()).toBe(before + 3);
  });
});

describe("a 429 in the errors table's form (RATE_LIMITED, no details)", () => {
  let tableWorld: ContractWorld;
  beforeAll(async () => {
    tableWorld = await startContractSandbox({
      rateLimits: { limit: 1, windowSeconds, code: "RATE_LIMITED" },
    });
  });
  afterAll(async () => {
    await tableWorld.close();
  });

  it("is a rate limit whose wait comes from X-RateLimit-Retry-After, and then fails fast", async () => {
    const dave = tableWorld.credential("dave", "read");
    await getCurrentUser(tableWorld.http, dave);
    const otherProcess = tableWorld.createHttp();
    const before = tableWorld.apiRequests();

    const refused = await catchPlatformError(getCurrentUser(otherProcess, dave));
    expect(refused).not.toBeInstanceOf(PlatformRateLimitedLocallyError);
    expect(refused).toMatchObject({ status: 429, code: "RATE_LIMITED", isRateLimit: true });
    expect(refused.retryAfter).toBe(windowSeconds);
    expect(refused.details).toBeUndefined();

    await expect(getCurrentUser(otherProcess, dave)).rejects.toBeInstanceOf(PlatformRateLimitedLocallyError);
    expect(tableWorld.apiRequests()).toBe(before + 1);
  });
});
