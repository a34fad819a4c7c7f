// Contract: the platform's error envelope, as the sandbox sends it, becomes a PlatformError with the
// code, details and requestId (the platform's API reference, "Errors").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createBattle,
  getBattle,
  getTournamentLeaderboard,
  inviteToTeam,
  createTeam,
  joinBattle,
  listDeliveries,
  listTournaments,
  registerForTournament,
  updateCurrentUser,
  type BattleCreateInput,
  type BattleType,
  type PlatformError,
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

function expectRequestId(error: PlatformError): void {
  expect(error.requestId).toMatch(/^req_/);
}

describe("400 with details.field", () => {
  // A type outside both shapes' lists; the client's types would not let a command send it.
  const unknownType: string = "ranked";
  const input: BattleCreateInput = {
    type: unknownType as BattleType,
    difficulty: "easy",
    language: "python",
    timeLimit: 600,
    participants: 2,
  };

  it("reports an invalid battle type as INVALID_REQUEST in shape A", async () => {
    const error = await catchPlatformError(
      createBattle(world.http, world.credential("bob", "write", "A"), input),
    );
    expect(error).toMatchObject({
      status: 400,
      code: "INVALID_REQUEST",
      details: { field: "type", value: "ranked" },
    });
    expectRequestId(error);
  });

  it("reports an invalid battle type as INVALID_BATTLE_TYPE in shape B", async () => {
    const credential = world.credential("bob", "write", "B");
    const error = await catchPlatformError(createBattle(world.http, credential, input, { shape: "B" }));
    expect(error).toMatchObject({
      status: 400,
      code: "INVALID_BATTLE_TYPE",
      details: { field: "type", value: "ranked" },
    });
    expectRequestId(error);
    expect(world.sandbox.state.battles.size).toBe(0);
  });

  it("names another invalid field the same way", async () => {
    const error = await catchPlatformError(
      updateCurrentUser(world.http, world.credential("bob", "write"), { website: "not a url" }),
    );
    expect(error).toMatchObject({ status: 400, code: "INVALID_REQUEST", details: { field: "website" } });
    expectRequestId(error);
  });
});

describe("404 NOT_FOUND", () => {
  it("answers unknown battles, tournaments, teams and webhooks with NOT_FOUND and a request id", async () => {
    const writer = world.credential("bob", "write");
    const calls = [
      () => getBattle(world.http, writer, "bat_missing"),
      () => joinBattle(world.http, writer, "bat_missing"),
      () => getTournamentLeaderboard(world.http, writer, "trn_missing"),
      () => registerForTournament(world.http, writer, "trn_missing"),
      () => inviteToTeam(world.http, writer, "team_missing", { username: "erin", role: "member" }),
      () => listDeliveries(world.http, writer, "wh_missing"),
    ];
    const ids = new Set<string | undefined>();
    for (const call of calls) {
      const error = await catchPlatformError(call());
      expect(error).toMatchObject({ status: 404, code: "NOT_FOUND" });
      expectRequestId(error);
      ids.add(error.requestId);
    }
    expect(ids.size).toBe(calls.length);
  });

  it("does not let an id escape its path segment", async () => {
    const error = await catchPlatformError(
      getBattle(world.http, world.credential("bob", "read"), "../tournaments"),
    );
    expect(error).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });
});

describe("409 CONFLICT", () => {
  it("refuses a second registration for the same tournament", async () => {
    const erin = world.credential("erin", "write");
    const { tournaments } = await listTournaments(world.http, erin, { status: "open" });
    const tournamentId = tournaments[0]!.id;
    await registerForTournament(world.http, erin, tournamentId);

    const error = await catchPlatformError(registerForTournament(world.http, erin, tournamentId));
    expect(error).toMatchObject({ status: 409, code: "CONFLICT" });
    expectRequestId(error);
  });

  it("refuses joining a battle twice and taking a team name twice", async () => {
    const bob = world.credential("bob", "write");
    const { id } = await createBattle(world.http, bob, {
      type: "practice",
      difficulty: "easy",
      language: "python",
      timeLimit: 600,
      participants: 3,
    });
    await joinBattle(world.http, bob, id);
    const twice = await catchPlatformError(joinBattle(world.http, bob, id));
    expect(twice).toMatchObject({ status: 409, code: "CONFLICT" });
    expectRequestId(twice);

    await createTeam(world.http, bob, { name: "Off By One" });
    const taken = await catchPlatformError(
      createTeam(world.http, world.credential("carol", "write"), { name: "off by one" }),
    );
    expect(taken).toMatchObject({ status: 409, code: "CONFLICT" });
    expectRequestId(taken);
  });
});
