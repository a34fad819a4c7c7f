// Contract: an operation's own limit (the platform's API reference, Limits: "tournament registration
// 10/hour"), which the sandbox counts apart from the key's window. Its 429 keeps the key's X-RateLimit-*
// headers, Remaining above 0, so the client holds back that operation alone and the member's other calls go
// on (docs/platform-assumptions.md, "Rate limits").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getCurrentUser,
  listTournaments,
  PlatformRateLimitedLocallyError,
  registerForTournament,
} from "../../src/api/index.js";
import { startContractSandbox, type ContractWorld } from "./support/contract-sandbox.js";
import { catchPlatformError } from "./support/platform-error.js";

let world: ContractWorld;

beforeAll(async () => {
  world = await startContractSandbox();
});
afterAll(async () => {
  await world.close();
});

describe("an operation's own rate limit", () => {
  it("refuses the eleventh registration of the hour, holds back registrations alone, and lets them go after the hour", async () => {
    const erin = world.credential("erin", "write");
    const [tournament] = (await listTournaments(world.http, erin, { status: "open" })).tournaments;
    expect(tournament).toBeDefined();
    const register = () => registerForTournament(world.http, erin, tournament!.id);
    // The first registers; the nine after it are refused as already registered, and count all the same.
    await register();
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect(await catchPlatformError(register())).toMatchObject({ status: 409 });
    }
    const before = world.apiRequests();

    const refused = await catchPlatformError(register());
    expect(refused).not.toBeInstanceOf(PlatformRateLimitedLocallyError);
    expect(refused).toMatchObject({
      status: 429,
      code: "RATE_LIMIT_EXCEEDED",
      retryAfter: 3600,
      details: { limit: 10, window: 3600, retry_after: 3600 },
    });
    expect(world.apiRequests()).toBe(before + 1);

    // The key's window is not spent: other calls are sent, the registration is held back here.
    await expect(getCurrentUser(world.http, erin)).resolves.toMatchObject({ username: "erin" });
    expect(await catchPlatformError(register())).toBeInstanceOf(PlatformRateLimitedLocallyError);
    expect(world.apiRequests()).toBe(before + 2);

    world.clock.advance(3600 * 1000);
    expect(await catchPlatformError(register())).toMatchObject({ status: 409 });
    expect(world.apiRequests()).toBe(before + 3);
  });
});
