import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createBattle } from "../../src/api/battles.js";
import { PlatformRateLimitedLocallyError, PlatformUnavailableError } from "../../src/api/errors.js";
import type { PlatformCredential } from "../../src/api/http.js";
import { getCurrentUser } from "../../src/api/users.js";
import { createLogger } from "../../src/logger.js";
import { captureError } from "./capture-error.js";
import { createFixtureClient, credential, usePlatformFixture } from "./platform-fixture.js";

const fixture = usePlatformFixture();

const battleInput = {
  type: "practice",
  difficulty: "easy",
  language: "javascript",
  timeLimit: 900,
  participants: 2,
} as const;

async function findClosedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return port;
}

describe("requests", () => {
  it("carries the member's credential as a Bearer token and asks for JSON", async () => {
    const { http } = createFixtureClient(fixture);
    await getCurrentUser(http, { token: "tok_alice" });
    expect(fixture.requests[0]?.headers.authorization).toBe("Bearer tok_alice");
    expect(fixture.requests[0]?.headers.accept).toBe("application/json");
  });

  it("refuses a malformed credential without sending it or quoting it", async () => {
    const { http } = createFixtureClient(fixture);
    const error = await captureError(() => getCurrentUser(http, { token: "tok_broken\nX-Injected: 1" }));
    expect((error as Error).message).not.toContain("tok_broken");
    expect(fixture.requests).toHaveLength(0);
  });

  it("sends JSON bodies with a JSON content type", async () => {
    const { http } = createFixtureClient(fixture);
    await createBattle(http, credential, battleInput);
    expect(fixture.requests[0]?.headers["content-type"]).toBe("application/json");
  });
});

describe("platform unavailable", () => {
  it("reports a time-out when the platform never answers, after one GET retry", async () => {
    const { http, sleeps } = createFixtureClient(fixture, { timeoutMs: 1000 });
    fixture.queueReplies({ hang: true }, { hang: true });
    const error = await captureError(() => getCurrentUser(http, credential));
    expect(error).toBeInstanceOf(PlatformUnavailableError);
    expect(error).toMatchObject({ kind: "timeout" });
    expect(fixture.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it("does not retry a POST that timed out", async () => {
    const { http, sleeps } = createFixtureClient(fixture, { timeoutMs: 1000 });
    fixture.queueReplies({ hang: true });
    const error = await captureError(() => createBattle(http, credential, battleInput));
    expect(error).toMatchObject({ name: "PlatformUnavailableError", kind: "timeout" });
    expect(fixture.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("reports a network fault when nothing listens on the port", async () => {
    const port = await findClosedPort();
    const { http, sleeps } = createFixtureClient({ ...fixture, baseUrl: `http://127.0.0.1:${port}/v1` });
    const error = await captureError(() => getCurrentUser(http, credential));
    expect(error).toBeInstanceOf(PlatformUnavailableError);
    expect(error).toMatchObject({ kind: "network" });
    expect((error as Error).message).toContain("ECONNREFUSED");
    expect(sleeps).toHaveLength(1);
    const postError = await captureError(() => createBattle(http, credential, battleInput));
    expect(postError).toMatchObject({ kind: "network" });
    expect(sleeps).toHaveLength(1);
  });
});

describe("retries", () => {
  it("retries a GET once after a 5xx, with a jittered pause of 100–300 ms", async () => {
    const { http, sleeps } = createFixtureClient(fixture);
    fixture.queueReplies({ status: 503, body: { error: { code: "INTERNAL_ERROR", message: "busy" } } });
    const user = await getCurrentUser(http, credential);
    expect(user.username).toBe("alice");
    expect(fixture.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(100);
    expect(sleeps[0]).toBeLessThanOrEqual(300);
  });

  it("gives up after the second 5xx of a GET", async () => {
    const { http } = createFixtureClient(fixture);
    const failure = { status: 500, body: { error: { code: "INTERNAL_ERROR", message: "down" } } };
    fixture.queueReplies(failure, failure, failure);
    const error = await captureError(() => getCurrentUser(http, credential));
    expect(error).toMatchObject({ code: "INTERNAL_ERROR", status: 500 });
    expect(fixture.requests).toHaveLength(2);
  });

  it("does not retry a GET refused with a 4xx", async () => {
    const { http, sleeps } = createFixtureClient(fixture);
    fixture.queueReplies({ status: 404, body: { error: { code: "NOT_FOUND", message: "gone" } } });
    await captureError(() => getCurrentUser(http, credential));
    expect(fixture.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("never logs the credential while retrying", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ level: "debug" }, destination);
    const { http } = createFixtureClient(fixture, { logger });
    fixture.queueReplies({ status: 502, rawBody: "bad gateway" });
    await getCurrentUser(http, credential);
    expect(lines.join("")).toContain("retrying platform GET once");
    expect(lines.join("")).not.toContain(credential.token);
  });
});

describe("a credential the platform refuses with 401", () => {
  const unauthorized = { status: 401, body: { error: { code: "UNAUTHORIZED", message: "Invalid token" } } };

  function renewable(renewed: string | undefined): {
    credential: PlatformCredential;
    renewals: () => number;
  } {
    let renewals = 0;
    const renew = () => {
      renewals += 1;
      return Promise.resolve(renewed === undefined ? undefined : { token: renewed });
    };
    return { credential: { ...credential, renew }, renewals: () => renewals };
  }

  it("renews it once and sends a write again with the renewed token, on an endpoint that allows it", async () => {
    const { http } = createFixtureClient(fixture);
    const { credential: member, renewals } = renewable("tok_renewed_0987654321");
    fixture.queueReplies(unauthorized);
    await createBattle(http, member, battleInput);
    expect(renewals()).toBe(1);
    expect(fixture.requests.map((request) => [request.method, request.headers.authorization])).toEqual([
      ["POST", `Bearer ${credential.token}`],
      ["POST", "Bearer tok_renewed_0987654321"],
    ]);
  });

  it("lets a second 401 stand, and a 401 for which no credential was renewed", async () => {
    const { http } = createFixtureClient(fixture);
    const renewed = renewable("tok_renewed_0987654321");
    fixture.queueReplies(unauthorized, unauthorized);
    expect(await captureError(() => getCurrentUser(http, renewed.credential))).toMatchObject({ status: 401 });
    expect(renewed.renewals()).toBe(1);
    expect(fixture.requests).toHaveLength(2);

    const none = renewable(undefined);
    fixture.queueReplies(unauthorized);
    expect(await captureError(() => getCurrentUser(http, none.credential))).toMatchObject({ status: 401 });
    expect(none.renewals()).toBe(1);
    expect(fixture.requests).toHaveLength(3);
  });

  it("neither renews nor sends again a request its endpoint says may not be repeated", async () => {
    const { http } = createFixtureClient(fixture);
    const { credential: member, renewals } = renewable("tok_renewed_0987654321");
    fixture.queueReplies(unauthorized);
    const request = { credential: member, method: "POST", path: "/battles", schema: z.unknown() } as const;
    const error = await captureError(() => http.send({ ...request, repeatableAfter401: false }));
    expect(error).toMatchObject({ status: 401 });
    expect(renewals()).toBe(0);
    expect(fixture.requests).toHaveLength(1);
  });

  it("never renews on a refusal other than 401", async () => {
    const { http } = createFixtureClient(fixture);
    const { credential: member, renewals } = renewable("tok_renewed_0987654321");
    fixture.queueReplies({ status: 403, body: { error: { code: "FORBIDDEN", message: "no" } } });
    expect(await captureError(() => getCurrentUser(http, member))).toMatchObject({ status: 403 });
    expect(renewals()).toBe(0);
  });
});

describe("per-credential rate-limit memory", () => {
  function exhaustedHeaders(resetAtMs: number): Record<string, string> {
    return {
      "x-ratelimit-limit": "100",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(Math.floor(resetAtMs / 1000)),
      "x-ratelimit-window": "3600",
    };
  }

  it("fails fast without a request while Remaining is 0, and resumes after Reset", async () => {
    const { http, clock } = createFixtureClient(fixture);
    fixture.queueReplies({ example: true, headers: exhaustedHeaders(clock.now() + 60_000) });
    await getCurrentUser(http, credential);
    expect(fixture.requests).toHaveLength(1);

    const error = await captureError(() => createBattle(http, credential, battleInput));
    expect(error).toBeInstanceOf(PlatformRateLimitedLocallyError);
    expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429, isRateLimit: true, retryAfter: 60 });
    expect(fixture.requests).toHaveLength(1);

    clock.advance(30_000);
    expect(await captureError(() => getCurrentUser(http, credential))).toMatchObject({ retryAfter: 30 });
    expect(fixture.requests).toHaveLength(1);

    clock.advance(30_001);
    await getCurrentUser(http, credential);
    expect(fixture.requests).toHaveLength(2);
  });

  it("keeps other credentials calling while one is exhausted", async () => {
    const { http, clock } = createFixtureClient(fixture);
    fixture.queueReplies({ example: true, headers: exhaustedHeaders(clock.now() + 60_000) });
    await getCurrentUser(http, credential);
    await getCurrentUser(http, { token: "tok_other_member" });
    expect(fixture.requests).toHaveLength(2);
  });

  it("waits out the Retry-After of a 429 before calling again", async () => {
    const { http, clock } = createFixtureClient(fixture);
    fixture.queueReplies({
      status: 429,
      headers: { "x-ratelimit-retry-after": "20" },
      body: { error: { code: "RATE_LIMITED", message: "slow down" } },
    });
    await captureError(() => getCurrentUser(http, credential));
    expect(await captureError(() => getCurrentUser(http, credential))).toMatchObject({ retryAfter: 20 });
    expect(fixture.requests).toHaveLength(1);
    clock.advance(20_000);
    await getCurrentUser(http, credential);
    expect(fixture.requests).toHaveLength(2);
  });

  it("forgets the oldest exhausted credential beyond its size bound", async () => {
    const { http, clock } = createFixtureClient(fixture, { rateLimitMemorySize: 1 });
    fixture.queueReplies(
      { example: true, headers: exhaustedHeaders(clock.now() + 60_000) },
      { example: true, headers: exhaustedHeaders(clock.now() + 60_000) },
    );
    await getCurrentUser(http, { token: "tok_first" });
    await getCurrentUser(http, { token: "tok_second" });
    await getCurrentUser(http, { token: "tok_first" });
    expect(await captureError(() => getCurrentUser(http, { token: "tok_second" }))).toBeInstanceOf(
      PlatformRateLimitedLocallyError,
    );
    expect(fixture.requests).toHaveLength(3);
  });
});
