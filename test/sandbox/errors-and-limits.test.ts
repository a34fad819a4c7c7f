import { afterEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "./support/sandbox.js";

let test: TestSandbox | undefined;
afterEach(async () => {
  await test?.close();
});

describe("error envelope", () => {
  it("names the field and value of a battle type outside the allowed set", async () => {
    test = await startTestSandbox();
    const response = await test.call("POST", "/v1/battles", {
      key: test.key("write"),
      body: { type: "deathmatch", difficulty: "easy", language: "python" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: {
        code: "INVALID_REQUEST",
        message: expect.stringContaining("type"),
        details: { field: "type", value: "deathmatch" },
        requestId: response.headers.get("x-request-id"),
      },
    });
  });

  it("names every answer, a success too, by an X-Request-Id of its own", async () => {
    test = await startTestSandbox();
    const first = await test.call("GET", "/v1/users/me", { key: test.key("read") });
    const second = await test.call("GET", "/v1/users/me", { key: test.key("read") });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-request-id")).toMatch(/^req_/);
    expect(second.headers.get("x-request-id")).toMatch(/^req_/);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  it("uses the API reference's INVALID_BATTLE_TYPE code in shape B", async () => {
    test = await startTestSandbox({ shape: "B" });
    const response = await test.call("POST", "/v1/battles", {
      key: test.key("write"),
      body: { type: "deathmatch", difficulty: "easy", language: "python" },
    });
    expect(response.body.error).toMatchObject({
      code: "INVALID_BATTLE_TYPE",
      details: { field: "type", value: "deathmatch" },
    });
  });

  it("reports a missing field with a null value, and malformed JSON as INVALID_REQUEST", async () => {
    test = await startTestSandbox();
    const missing = await test.call("POST", "/v1/teams", { key: test.key("write"), body: {} });
    expect(missing.body.error).toMatchObject({
      code: "INVALID_REQUEST",
      details: { field: "name", value: null },
    });
    const response = await fetch(`${test.url}/v1/teams`, {
      method: "POST",
      headers: { authorization: `Bearer ${test.key("write")}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe("INVALID_REQUEST");
    expect(body.error.requestId).toMatch(/^req_/);
  });

  it("takes an empty body of any type as no body, and a body that is not JSON as 400 INVALID_REQUEST", async () => {
    test = await startTestSandbox();
    const created = await test.call("POST", "/v1/battles", {
      key: test.key("write"),
      body: { type: "practice", difficulty: "easy", language: "python" },
    });
    // What `curl -X POST -d ''` sends to a route that takes no body.
    const joined = await fetch(`${test.url}/v1/battles/${created.body.id}/join`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${test.key("write")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(joined.status).toBe(200);
    const xml = await fetch(`${test.url}/v1/teams`, {
      method: "POST",
      headers: { authorization: `Bearer ${test.key("write")}`, "content-type": "application/xml" },
      body: "<team><name>Owls</name></team>",
    });
    expect(xml.status).toBe(400);
    const body = (await xml.json()) as { error: { code: string; details: unknown } };
    expect(body.error).toMatchObject({ code: "INVALID_REQUEST", details: { field: "body", value: null } });
  });

  it("answers unknown paths with 404 NOT_FOUND and a request id", async () => {
    test = await startTestSandbox();
    const response = await test.call("GET", "/v1/nothing-here", { key: test.key("read") });
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({
      code: "NOT_FOUND",
      requestId: expect.stringMatching(/^req_/),
    });
  });
});

describe("rate limits", () => {
  it("sends the X-RateLimit headers on every response, counting down per key", async () => {
    test = await startTestSandbox({ rateLimits: { limit: 5, windowSeconds: 3600 } });
    const first = await test.call("GET", "/v1/users/me", { key: test.key("read") });
    const second = await test.call("GET", "/v1/problems", { key: test.key("read") });
    const otherKey = await test.call("GET", "/v1/users/me", { key: test.key("admin") });
    expect(first.headers.get("x-ratelimit-limit")).toBe("5");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("4");
    expect(second.headers.get("x-ratelimit-remaining")).toBe("3");
    expect(otherKey.headers.get("x-ratelimit-remaining")).toBe("4");
    expect(first.headers.get("x-ratelimit-window")).toBe("3600");
    expect(first.headers.get("x-ratelimit-reset")).toBe(String(Date.UTC(2026, 0, 1, 13) / 1000));
    const error = await test.call("POST", "/v1/battles", { key: test.key("read"), body: {} });
    expect(error.status).toBe(403);
    expect(error.headers.get("x-ratelimit-remaining")).toBe("2");
  });

  it("answers 429 RATE_LIMIT_EXCEEDED with details past the limit, and frees slots as the window slides", async () => {
    test = await startTestSandbox({ rateLimits: { limit: 3, windowSeconds: 3600 } });
    const key = test.key("read");
    await test.call("GET", "/v1/users/me", { key });
    test.clock.advance(600_000);
    await test.call("GET", "/v1/users/me", { key });
    await test.call("GET", "/v1/users/me", { key });
    const refused = await test.call("GET", "/v1/users/me", { key });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: "RATE_LIMIT_EXCEEDED",
      message: expect.any(String),
      details: { limit: 3, window: 3600, retry_after: 3000 },
      requestId: expect.stringMatching(/^req_/),
    });
    expect(refused.headers.get("x-ratelimit-retry-after")).toBe("3000");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");

    test.clock.advance(3_000_000);
    const again = await test.call("GET", "/v1/users/me", { key });
    expect(again.status).toBe(200);
    expect(again.headers.get("x-ratelimit-remaining")).toBe("0");
    expect((await test.call("GET", "/v1/users/me", { key })).status).toBe(429);
  });

  it("answers 429 RATE_LIMITED without details when SANDBOX_RATE_LIMIT_CODE says so, as the errors table has it", async () => {
    test = await startTestSandbox({ rateLimits: { limit: 1, windowSeconds: 3600, code: "RATE_LIMITED" } });
    const key = test.key("read");
    await test.call("GET", "/v1/users/me", { key });
    test.clock.advance(600_000);
    const refused = await test.call("GET", "/v1/users/me", { key });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: "RATE_LIMITED",
      message: expect.any(String),
      requestId: expect.stringMatching(/^req_/),
    });
    expect(refused.headers.get("x-ratelimit-retry-after")).toBe("3000");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("counts an operation's own limit apart: its 429 keeps the key's headers, Remaining above 0, and sends no Retry-After", async () => {
    test = await startTestSandbox({
      rateLimits: {
        operations: [{ name: "team operations", routes: ["POST /v1/teams"], limit: 1, windowSeconds: 60 }],
      },
    });
    const key = test.key("write");
    const team = (name: string) => ({ name, description: "", isPublic: true, maxMembers: 5 });
    expect((await test.call("POST", "/v1/teams", { key, body: team("Algo") })).status).toBe(201);
    const refused = await test.call("POST", "/v1/teams", { key, body: team("Graphs") });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: "RATE_LIMIT_EXCEEDED",
      message: "rate limit of team operations exceeded",
      details: { limit: 1, window: 60, retry_after: 60 },
    });
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("998");
    expect(refused.headers.get("x-ratelimit-retry-after")).toBe("60");
    // The reference's headers alone: the standard Retry-After is not among them.
    expect(refused.headers.get("retry-after")).toBeNull();
    expect((await test.call("GET", "/v1/users/me", { key })).status).toBe(200);
    test.clock.advance(60_000);
    expect((await test.call("POST", "/v1/teams", { key, body: team("Graphs") })).status).toBe(201);
  });

  it("applies a key's own limit when it was created with one", async () => {
    test = await startTestSandbox({ rateLimits: { limit: 100, windowSeconds: 3600 } });
    const created = await test.call("POST", "/sandbox/keys", {
      body: { username: "bob", level: "read", rateLimit: 1 },
    });
    const key: string = created.body.key;
    expect((await test.call("GET", "/v1/users/me", { key })).headers.get("x-ratelimit-limit")).toBe("1");
    expect((await test.call("GET", "/v1/users/me", { key })).status).toBe(429);
  });

  it("counts unauthenticated requests per address so even a 401 carries the headers", async () => {
    test = await startTestSandbox();
    const response = await test.call("GET", "/v1/users/me");
    expect(response.status).toBe(401);
    expect(response.headers.get("x-ratelimit-limit")).toBe("1000");
  });
});

describe("unknown API paths", () => {
  it("check the credential and count the request before answering 404", async () => {
    test = await startTestSandbox();
    const anonymous = await test.call("GET", "/v1/execute");
    expect(anonymous.status).toBe(401);
    const known = await test.call("POST", "/api/v1/alerts", { key: test.key("read"), body: {} });
    expect(known.status).toBe(404);
    expect(known.headers.get("x-ratelimit-remaining")).toBe("999");
  });
});
