import { describe, expect, it } from "vitest";
import { createBattle } from "../../src/api/battles.js";
import { PlatformError, PlatformProtocolError } from "../../src/api/errors.js";
import { listTournaments } from "../../src/api/tournaments.js";
import { getCurrentUser } from "../../src/api/users.js";
import { captureError } from "./capture-error.js";
import { createFixtureClient, credential, usePlatformFixture } from "./platform-fixture.js";

const fixture = usePlatformFixture();

const battleInput = {
  type: "arena",
  difficulty: "easy",
  language: "java",
  timeLimit: 600,
  participants: 2,
} as const;

describe("error envelope → PlatformError (the platform's API reference, Errors table)", () => {
  const table = [
    { status: 401, code: "UNAUTHORIZED", message: "API key missing or invalid" },
    { status: 403, code: "FORBIDDEN", message: "insufficient permissions" },
    { status: 404, code: "NOT_FOUND", message: "resource does not exist" },
    { status: 409, code: "CONFLICT", message: "already registered" },
  ];

  it.each(table)("turns $status $code into a PlatformError with the request id", async (row) => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      status: row.status,
      body: { error: { code: row.code, message: row.message, requestId: "req_42" } },
    });
    const error = await captureError(() => getCurrentUser(http, credential));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({
      status: row.status,
      code: row.code,
      requestId: "req_42",
      isRateLimit: false,
    });
    expect((error as Error).message).toContain(row.code);
  });

  it("keeps the field and offending value of a 400 INVALID_REQUEST", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      status: 400,
      body: {
        error: {
          code: "INVALID_REQUEST",
          message: "Invalid battle type",
          details: { field: "type", value: "arena" },
          requestId: "req_400",
        },
      },
    });
    const error = await captureError(() => createBattle(http, credential, battleInput));
    expect(error).toMatchObject({
      status: 400,
      code: "INVALID_REQUEST",
      details: { field: "type", value: "arena" },
    });
  });

  it("keeps the code and request id of an envelope whose details or message cannot be read", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies(
      { status: 404, body: { error: { code: "NOT_FOUND", details: null, requestId: "req_null" } } },
      {
        status: 409,
        body: { error: { code: "CONFLICT", message: 42, details: "taken", requestId: "req_42" } },
      },
    );
    expect(await captureError(() => getCurrentUser(http, credential))).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      details: undefined,
      requestId: "req_null",
    });
    expect(await captureError(() => getCurrentUser(http, credential))).toMatchObject({
      status: 409,
      code: "CONFLICT",
      details: undefined,
      requestId: "req_42",
    });
  });

  it("keeps the code of the INVALID_BATTLE_TYPE example", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      status: 400,
      body: {
        error: { code: "INVALID_BATTLE_TYPE", message: "Battle type must be one of: quick, arena, team" },
      },
    });
    const error = await captureError(() => createBattle(http, credential, battleInput));
    expect(error).toMatchObject({ status: 400, code: "INVALID_BATTLE_TYPE", requestId: undefined });
  });

  it("reads RATE_LIMITED with the wait from X-RateLimit-Retry-After", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      status: 429,
      headers: { "x-ratelimit-retry-after": "120" },
      body: { error: { code: "RATE_LIMITED", message: "Rate limit exceeded" } },
    });
    const error = await captureError(() => getCurrentUser(http, credential));
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED", isRateLimit: true, retryAfter: 120 });
  });

  it("reads RATE_LIMIT_EXCEEDED with the wait from details.retry_after", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      status: 429,
      body: {
        error: {
          code: "RATE_LIMIT_EXCEEDED",
          message: "Too many requests",
          details: { limit: 1000, window: 3600, retry_after: 45 },
        },
      },
    });
    const error = await captureError(() => createBattle(http, credential, battleInput));
    expect(error).toMatchObject({
      status: 429,
      code: "RATE_LIMIT_EXCEEDED",
      isRateLimit: true,
      retryAfter: 45,
    });
  });

  it("reports a 500 INTERNAL_ERROR without retrying the POST", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      status: 500,
      body: { error: { code: "INTERNAL_ERROR", message: "Something broke", requestId: "req_500" } },
    });
    const error = await captureError(() => createBattle(http, credential, battleInput));
    expect(error).toMatchObject({ status: 500, code: "INTERNAL_ERROR", requestId: "req_500" });
    expect(fixture.requests).toHaveLength(1);
  });

  it("turns a non-JSON error page into HTTP_<status>", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({ status: 502, rawBody: "<html>Bad Gateway</html>" });
    const error = await captureError(() => createBattle(http, credential, battleInput));
    expect(error).toMatchObject({ status: 502, code: "HTTP_502", isRateLimit: false });
  });

  it("never repeats the credential even when the platform echoes it", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      status: 401,
      body: { error: { code: "UNAUTHORIZED", message: `key ${credential.token} is revoked` } },
    });
    const error = await captureError(() => getCurrentUser(http, credential));
    expect((error as Error).message).not.toContain(credential.token);
    expect((error as Error).message).toContain("[redacted]");
  });
});

describe("malformed 2xx answers → PlatformProtocolError", () => {
  it("names the missing and invalid fields without their values", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      body: { id: "user_1", username: 42, email: "secret@example.com", rating: "high" },
    });
    const error = await captureError(() => getCurrentUser(http, credential));
    expect(error).toBeInstanceOf(PlatformProtocolError);
    const { problems, message } = error as PlatformProtocolError;
    expect(problems).toEqual(["username: should be string", "rating: should be number"]);
    expect(message).toContain("GET /users/me");
    expect(message).not.toContain("high");
  });

  it("names a field missing under both of its shape names", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({ status: 201, body: { status: "waiting" } });
    const error = await captureError(() => createBattle(http, credential, battleInput));
    expect((error as PlatformProtocolError).problems).toEqual(
      expect.arrayContaining(["id: missing", "problem: missing", "createdAt: missing"]),
    );
    fixture.queueReplies({
      body: { tournaments: [{ id: "t1", status: "open", startsAt: "2024-01-20T15:00:00Z" }] },
    });
    const listError = await captureError(() => listTournaments(http, credential));
    expect((listError as PlatformProtocolError).problems).toEqual([
      "tournaments[0].title: missing (also accepted as name)",
    ]);
  });

  it("names a tournament's missing start time under its shape-A name, as the title", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({ body: { tournaments: [{ id: "t1", status: "open", title: "Weekly" }] } });
    const error = await captureError(() => listTournaments(http, credential));
    expect((error as PlatformProtocolError).problems).toEqual([
      "tournaments[0].startTime: missing (also accepted as startsAt)",
    ]);
  });

  it("rejects a 2xx body that is not JSON", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({ rawBody: "OK" });
    const error = await captureError(() => getCurrentUser(http, credential));
    expect(error).toMatchObject({ name: "PlatformProtocolError", problems: ["body is not JSON"] });
  });
});
