// A 429 on one operation (docs/platform-assumptions.md, "Rate limits"): when its own headers show the key's
// window not spent, the limit refused is the operation's, and only it waits; otherwise the credential does.
import { describe, expect, it } from "vitest";
import { PlatformRateLimitedLocallyError } from "../../src/api/errors.js";
import { registerForTournament } from "../../src/api/tournaments.js";
import { getCurrentUser } from "../../src/api/users.js";
import { captureError } from "./capture-error.js";
import { createFixtureClient, credential, usePlatformFixture } from "./platform-fixture.js";

const fixture = usePlatformFixture();

describe("the rate-limit memory's scope after a 429", () => {
  it("blocks only the refused operation when a 429 shows the key's window not spent", async () => {
    // An operation's own limit (registrations an hour): the key still has 950 calls this window.
    const { http, clock } = createFixtureClient(fixture);
    fixture.queueReplies({
      status: 429,
      headers: { "x-ratelimit-remaining": "950", "x-ratelimit-retry-after": "3000" },
      body: { error: { code: "RATE_LIMITED", message: "too many registrations" } },
    });
    expect(await captureError(() => registerForTournament(http, credential, "trn_1"))).toMatchObject({
      status: 429,
      retryAfter: 3000,
    });
    await getCurrentUser(http, credential);
    expect(fixture.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /v1/tournaments/trn_1/register",
      "GET /v1/users/me",
    ]);
    const again = await captureError(() => registerForTournament(http, credential, "trn_1"));
    expect(again).toBeInstanceOf(PlatformRateLimitedLocallyError);
    expect(again).toMatchObject({ retryAfter: 3000 });
    expect(fixture.requests).toHaveLength(2);

    clock.advance(3_000_000);
    await registerForTournament(http, credential, "trn_1");
    expect(fixture.requests).toHaveLength(3);
  });

  it("blocks the whole credential when a 429 shows its window spent, or says nothing of it", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      status: 429,
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-retry-after": "60" },
      body: { error: { code: "RATE_LIMITED", message: "slow down" } },
    });
    await captureError(() => registerForTournament(http, credential, "trn_1"));
    expect(await captureError(() => getCurrentUser(http, credential))).toBeInstanceOf(
      PlatformRateLimitedLocallyError,
    );
    expect(fixture.requests).toHaveLength(1);
  });
});
