// findTournament against the sandbox once the platform has more than a page of tournaments, listed as the
// sandbox lists them (oldest start first): the current ones come after 150 finished ones.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPagesPerStatus, findTournament } from "../../../src/commands/tournament/find-tournament.js";
import { startContractSandbox, type ContractWorld } from "../../contract/support/contract-sandbox.js";
import { addPastTournaments } from "./past-tournaments.js";

let world: ContractWorld;
const titled = (title: string): string => {
  const found = [...world.sandbox.state.tournaments.values()].find((item) => item.title === title);
  if (found === undefined) throw new Error(`no sandbox tournament ${title}`);
  return found.id;
};

beforeAll(async () => {
  world = await startContractSandbox();
  addPastTournaments(world.sandbox.state, 150);
});
afterAll(async () => {
  await world.close();
});

describe("findTournament with more than a page of tournaments", () => {
  it("finds an open and an active tournament listed after the first 100", async () => {
    const credential = world.credential("alice", "read");
    expect(await findTournament(world.http, credential, titled("Hardcore Invitational"))).toMatchObject({
      title: "Hardcore Invitational",
      status: "open",
    });
    expect(await findTournament(world.http, credential, titled("Night Owl Marathon"))).toMatchObject({
      title: "Night Owl Marathon",
      status: "active",
    });
  });

  it("finds a finished tournament on a later page of its status, in either response shape", async () => {
    for (const shape of ["A", "B"] as const) {
      const credential = world.credential("alice", "read", shape);
      expect(await findTournament(world.http, credential, titled("Autumn Classic"))).toMatchObject({
        title: "Autumn Classic",
        status: "completed",
      });
    }
  });

  it("asks for the open and the active first pages alone for a tournament on the first", async () => {
    const before = world.apiRequests();
    expect(
      await findTournament(world.http, world.credential("alice", "read"), titled("Hardcore Invitational")),
    ).toMatchObject({ status: "open" });
    // The finished tournaments are not asked for once it is found.
    expect(world.apiRequests() - before).toBe(2);
  });

  it("keeps at most two list requests open at once while the platform is slow to answer", async () => {
    const atOnce = 2;
    const gauge = world.sandbox.apiRequestsInFlight;
    gauge.resetPeak();
    const hold = world.sandbox.holdAnswers("GET", /^\/v1\/tournaments$/);
    const lookup = findTournament(world.http, world.credential("alice", "read"), "trn_missing");
    try {
      await hold.waitForCaught(atOnce);
      // A request of the test's own, answered once the sandbox has read what the lookup sent before it.
      expect((await fetch(`${world.sandbox.url}/sandbox/clock`)).status).toBe(200);
      expect(hold.caught).toBe(atOnce);
    } finally {
      hold.release();
    }
    expect(await lookup).toBeUndefined();
    expect(gauge.peak).toBe(atOnce);
  });

  it("gives up within a bounded number of requests on an id the platform does not list", async () => {
    addPastTournaments(world.sandbox.state, 400);
    const before = world.apiRequests();
    expect(
      await findTournament(world.http, world.credential("alice", "read"), "trn_missing"),
    ).toBeUndefined();
    // One page each of the open and the active ones, and the bound's worth of the 400-odd finished ones.
    expect(world.apiRequests() - before).toBe(2 + findPagesPerStatus);
  });
});
