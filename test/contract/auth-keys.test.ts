// Contract: API-key authentication as the client sends it (Authorization: Bearer), against the sandbox's
// checks (the platform's API reference, "Authentication › API keys": 401 UNAUTHORIZED, 403 FORBIDDEN).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createBattle,
  getCurrentUser,
  listTournaments,
  registerForTournament,
  registerWebhook,
  updateCurrentUser,
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

describe("API keys", () => {
  it("answers a key the platform never issued with 401 UNAUTHORIZED and a request id", async () => {
    const error = await catchPlatformError(getCurrentUser(world.http, { token: "sk_write_not_issued" }));
    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED", isRateLimit: false });
    expect(error.requestId).toMatch(/^req_/);
    expect(error.message).not.toContain("sk_write_not_issued");
  });

  it("refuses to send a missing credential at all", async () => {
    const before = world.apiRequests();
    await expect(getCurrentUser(world.http, { token: "" })).rejects.toThrow(TypeError);
    expect(world.apiRequests()).toBe(before);
  });

  it("lets a read key read but answers its writes with 403 FORBIDDEN", async () => {
    const reader = world.credential("dave", "read");
    await expect(getCurrentUser(world.http, reader)).resolves.toMatchObject({ username: "dave" });
    const { tournaments } = await listTournaments(world.http, reader, { status: "open" });

    const writes = [
      () =>
        createBattle(world.http, reader, {
          type: "practice",
          difficulty: "easy",
          language: "python",
          timeLimit: 600,
          participants: 2,
        }),
      () => registerForTournament(world.http, reader, tournaments[0]!.id),
      () => updateCurrentUser(world.http, reader, { bio: "read-only" }),
      () =>
        registerWebhook(world.http, reader, {
          url: "http://127.0.0.1:9/hooks",
          events: ["battle.completed"],
          secret: "contract-secret",
        }),
    ];
    for (const write of writes) {
      const error = await catchPlatformError(write());
      expect(error).toMatchObject({ status: 403, code: "FORBIDDEN" });
      expect(error.requestId).toMatch(/^req_/);
    }
    expect(world.user("dave").bio).toBeNull();
    expect(world.sandbox.state.battles.size).toBe(0);
  });

  it("lets an admin key do what a write key does", async () => {
    const admin = world.credential("alice", "admin");
    const result = await updateCurrentUser(world.http, admin, { bio: "admin" });
    expect(result.user).toMatchObject({ username: "alice", bio: "admin" });
  });
});
