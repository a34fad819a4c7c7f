// Reading every page of a status from a platform that serves shorter pages than the 100 asked for (the bounds
// of `limit` are not in the spec): the next page starts where the last one ended, so nothing between is
// skipped, and a read that skipped some is never taken for a whole list (docs/platform-assumptions.md, "Query
// parameters").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTournamentsByStatus } from "../../src/commands/tournament/read-tournaments-by-status.js";
import { readOpenTournaments } from "../../src/reminders/read-open-tournaments.js";
import { addOpenTournaments } from "../commands/tournament/past-tournaments.js";
import { startContractSandbox, type ContractWorld } from "../contract/support/contract-sandbox.js";

const pageCap = 40;
const addedOpen = 127;
let world: ContractWorld;
let openIds: string[];

beforeAll(async () => {
  world = await startContractSandbox({ listPageCap: pageCap });
  addOpenTournaments(world.sandbox.state, addedOpen, world.clock.now());
  openIds = [...world.sandbox.state.tournaments.values()]
    .filter((tournament) => tournament.status === "open")
    .map((tournament) => tournament.id)
    .sort();
});
afterAll(async () => {
  await world.close();
});

describe("reading every page of a status when the platform serves fewer than asked", () => {
  it("reads every open tournament for reminders, a page after another, and calls the read complete", async () => {
    expect(openIds.length).toBeGreaterThan(3 * pageCap);
    const before = world.apiRequests();
    const read = await readOpenTournaments(world.http, world.credential("alice", "read", "A"));
    expect(read.tournaments.map((tournament) => tournament.id).sort()).toEqual(openIds);
    expect(read.complete).toBe(true);
    // Pages of 40: four of them hold the open list, and the fourth says no more follow.
    expect(world.apiRequests() - before).toBe(Math.ceil(openIds.length / pageCap));
  });

  it("finds every open tournament for a search, past the pages the platform cut short", async () => {
    const search = readTournamentsByStatus(world.http, world.credential("alice", "read", "A"), {
      statuses: ["open"],
      pagesPerStatus: 10,
      concurrency: 1,
      shouldStop: () => false,
    });
    await search.done;
    expect(
      search
        .found()
        .map((tournament) => tournament.id)
        .sort(),
    ).toEqual(openIds);
  });
});
