import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventPayload } from "./support/answers.js";
import { startTestSandbox, type TestSandbox } from "./support/sandbox.js";

let test: TestSandbox;
beforeEach(async () => {
  test = await startTestSandbox({ keys: "read:READKEY1,write:WRITEKEY2:B,admin:ADMINKEY3" });
});
afterEach(async () => {
  await test.close();
});

describe("API keys", () => {
  it("seeds exactly the SANDBOX_KEYS keys, each owned by a seeded user in turn", () => {
    expect(
      test.sandbox.keys.map(({ level, key, username, shape }) => ({ level, key, username, shape })),
    ).toEqual([
      { level: "read", key: "READKEY1", username: "alice", shape: undefined },
      { level: "write", key: "WRITEKEY2", username: "bob", shape: "B" },
      { level: "admin", key: "ADMINKEY3", username: "carol", shape: undefined },
    ]);
  });

  it("accepts a key as Authorization: Bearer and as X-API-Key", async () => {
    const bearer = await test.call("GET", "/v1/users/me", { headers: { authorization: "Bearer READKEY1" } });
    const header = await test.call("GET", "/v1/users/me", { headers: { "x-api-key": "READKEY1" } });
    expect(bearer.status).toBe(200);
    expect(bearer.body.username).toBe("alice");
    expect(header.body).toEqual(bearer.body);
  });

  it("answers 401 UNAUTHORIZED without a key and with an unknown one", async () => {
    for (const headers of [
      {},
      { authorization: "Bearer nope" },
      { "x-api-key": "nope" },
      { authorization: "Basic abc" },
    ]) {
      const response = await test.call("GET", "/v1/users/me", { headers });
      expect(response.status).toBe(401);
      expect(response.body.error).toEqual({
        code: "UNAUTHORIZED",
        message: expect.any(String),
        requestId: expect.stringMatching(/^req_/),
      });
    }
  });

  it("answers 403 FORBIDDEN when a read key tries to write, and lets write and admin keys through", async () => {
    const body = { type: "practice", difficulty: "easy", language: "javascript" };
    const read = await test.call("POST", "/v1/battles", { key: "READKEY1", body });
    expect(read.status).toBe(403);
    expect(read.body.error.code).toBe("FORBIDDEN");
    expect((await test.call("POST", "/v1/battles", { key: "WRITEKEY2", body })).status).toBe(201);
    expect((await test.call("POST", "/v1/battles", { key: "ADMINKEY3", body })).status).toBe(201);
  });

  it("answers in the key's own shape unless the request asks for another", async () => {
    const byKey = await test.call("GET", "/v1/tournaments", { key: "WRITEKEY2" });
    expect(byKey.body.tournaments[0]).toHaveProperty("name");
    expect(byKey.body).not.toHaveProperty("total");
    const overridden = await test.call("GET", "/v1/tournaments?shape=A", { key: "WRITEKEY2" });
    expect(overridden.body.tournaments[0]).toHaveProperty("title");
    expect(overridden.body).toHaveProperty("total");
  });

  it("keeps only hashes of keys in its state", () => {
    const stored = JSON.stringify([...test.sandbox.state.apiKeys.values()]);
    expect(stored).not.toContain("READKEY1");
    expect(stored).not.toContain("ADMINKEY3");
  });
});

describe("control routes", () => {
  it("create a user with keys, announced as user.registered", async () => {
    const created = await test.call("POST", "/sandbox/users", {
      body: { username: "zoe", rating: 1700, keys: ["write"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ username: "zoe", rating: 1700, tier: "platinum" });
    const me = await test.call("GET", "/v1/users/me", { key: created.body.keys[0].key });
    expect(me.body).toMatchObject({ username: "zoe", email: "zoe@sandbox.example" });
    const events = await test.call("GET", "/sandbox/events?kind=user.registered");
    const registered: EventPayload[] = events.body.events;
    expect(registered.map((event) => event.data.username as string)).toEqual(["zoe"]);
  });

  it("create a key for an existing user", async () => {
    const created = await test.call("POST", "/sandbox/keys", { body: { username: "dave", level: "read" } });
    const me = await test.call("GET", "/v1/users/me", { key: created.body.key });
    expect(me.body.username).toBe("dave");
  });

  it("refuse a taken username with 409 CONFLICT", async () => {
    const response = await test.call("POST", "/sandbox/users", { body: { username: "alice" } });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("CONFLICT");
  });
});
