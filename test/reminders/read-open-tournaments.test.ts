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

  it("reads on past a short page in the shape without hasMore, until a page comes back empty", async () => {
    // Shape B's short page cannot be told from the last one: taken for the end, the tournaments past the
    // platform's 40 would be missing from a complete read, and their reminders skipped as gone.
    const before = world.apiRequests();
    const read = await readOpenTournaments(world.http, world.credential("alice", "read", "B"));
    expect(read.tournaments.map((tournament) => tournament.id).sort()).toEqual(openIds);
    expect(read.complete).toBe(true);
    // Four pages hold the list; the fifth, empty, ends it.
    expect(world.apiRequests() - before).toBe(Math.ceil(openIds.length / pageCap) + 1);
  });

  it("calls a shape-B read incomplete when a page brings only tournaments already read", async () => {
    // A platform that does not move on with `offset`: every page is its first. Without the check the read
    // would go on to its tenth page each time, and what it missed would still count as read.
    const stuck = await startContractSandbox({ listPageCap: pageCap });
    try {
      addOpenTournaments(stuck.sandbox.state, addedOpen, stuck.clock.now());
      stuck.sandbox.app.server.prependListener("request", (request: { url?: string }) => {
        if (request.url !== undefined) request.url = request.url.replace(/([?&]offset=)\d+/, "$10");
      });
      const before = stuck.apiRequests();
      const read = await readOpenTournaments(stuck.http, stuck.credential("alice", "read", "B"));
      expect(read.tournaments).toHaveLength(pageCap);
      expect(read.complete).toBe(false);
      expect(stuck.apiRequests() - before).toBe(2);
    } finally {
      await stuck.close();
    }
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
