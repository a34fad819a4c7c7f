import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { OAuthError } from "../../src/oauth/errors.js";
import { createSingleFlight } from "../../src/single-flight.js";
import { refreshAccessToken } from "../../src/oauth/tokens.js";
import { clientId, clientSecret, startOAuthFixture, type OAuthFixture } from "./oauth-fixture.js";

let fixture: OAuthFixture;
beforeAll(async () => {
  fixture = await startOAuthFixture();
});
afterAll(() => fixture.close());

describe("runOnce", () => {
  it("lets concurrent refreshes of one link share a single token request", async () => {
    const flights = createSingleFlight();
    const clock = new ManualClock();
    const refresh = () =>
      flights.runOnce("guild_1:user_1", () =>
        refreshAccessToken({
          tokenUrl: fixture.url,
          clientId,
          clientSecret,
          format: "json",
          clock,
          refreshToken: "r",
        }),
      );
    fixture.queueAnswer({
      status: 200,
      body: {
        access_token: "access_shared",
        token_type: "bearer",
        expires_in: 60,
        refresh_token: "refresh_next",
      },
    });
    const release = fixture.holdAnswers();
    const before = fixture.received.length;
    const calls = [refresh(), refresh(), refresh()];
    await waitUntil(() => fixture.received.length > before);
    release();
    const results = await Promise.all(calls);
    expect(fixture.received.length - before).toBe(1);
    expect(new Set(results.map((tokens) => tokens.accessToken))).toEqual(new Set(["access_shared"]));
    expect(flights.size).toBe(0);
  });

  it("shares a failure too, then lets the next call try again", async () => {
    const flights = createSingleFlight();
    const clock = new ManualClock();
    const refresh = () =>
      flights.runOnce("guild_1:user_2", () =>
        refreshAccessToken({
          tokenUrl: fixture.url,
          clientId,
          clientSecret,
          format: "form",
          clock,
          refreshToken: "bad",
        }),
      );
    const results = await Promise.allSettled([refresh(), refresh()]);
    for (const result of results) {
      expect(result.status).toBe("rejected");
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(OAuthError);
    }
    const before = fixture.received.length;
    await refresh().catch(() => undefined);
    expect(fixture.received.length - before).toBe(1);
  });

  it("runs different keys independently", async () => {
    const flights = createSingleFlight();
    const order: string[] = [];
    await Promise.all([
      flights.runOnce("a", () => Promise.resolve(order.push("a"))),
      flights.runOnce("b", () => Promise.resolve(order.push("b"))),
    ]);
    expect(order.sort()).toEqual(["a", "b"]);
  });
});

/** Yields to the event loop until the fixture has seen the request (no timed waits). */
async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise<void>((resolve) => setImmediate(resolve));
}
