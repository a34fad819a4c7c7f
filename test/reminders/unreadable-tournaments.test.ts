// docs/platform-assumptions.md, "Query parameters": a tournament the platform lists without a start time or a
// title, or without an id, is left out of the reminders' read and named, and the others on its page are read:
// before, one such tournament failed every read, and every server's reminders and events stopped. One with an
// id still counts as listed, so it is not taken as gone; one without makes the read incomplete.
import { describe, expect, it } from "vitest";
import { planReminders } from "../../src/reminders/plan-reminders.js";
import { listedIdsOf, readOpenTournaments } from "../../src/reminders/read-open-tournaments.js";
import { createFixtureClient, credential, usePlatformFixture } from "../api/platform-fixture.js";

const startsAt = "2026-01-01T12:00:00Z";
const now = Date.parse(startsAt) - 60 * 60_000;

describe("a read of the open tournaments with items it cannot read", () => {
  const fixture = usePlatformFixture();

  it("reads the others, names the unreadable, steps past them and calls the read incomplete", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies(
      {
        body: {
          tournaments: [
            { id: "trn_ok", status: "open", title: "Weekly Sprint", startTime: startsAt },
            { id: "trn_tbd", status: "open", title: "Date TBD Cup", startTime: null },
          ],
          total: 4,
          hasMore: true,
        },
      },
      {
        body: {
          tournaments: [
            { status: "open", title: "No id", startTime: startsAt },
            { id: "trn_later", status: "open", title: "Monthly", startTime: "2026-01-01T13:00:00Z" },
          ],
          total: 4,
          hasMore: false,
        },
      },
    );

    const read = await readOpenTournaments(http, credential);

    expect(read.tournaments.map((tournament) => tournament.id)).toEqual(["trn_ok", "trn_later"]);
    expect(read.unreadable).toEqual([
      { id: "trn_tbd", problems: ["tournaments[1].startTime: missing (also accepted as startsAt)"] },
      { id: undefined, problems: ["tournaments[0].id: missing"] },
    ]);
    expect(read.complete).toBe(false);
    // The second page starts after both items of the first, the unreadable one included.
    expect(fixture.requests.map((request) => request.query.get("offset"))).toEqual(["0", "2"]);
    const plan = planReminders({ tournaments: read.tournaments, leadMinutes: [10], now });
    expect(plan.wanted.map((wanted) => wanted.tournament.id)).toEqual(["trn_ok", "trn_later"]);
  });

  it("counts an unreadable tournament with an id as listed, so a read of it alone is complete", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      body: {
        tournaments: [
          { id: "trn_ok", status: "open", title: "Weekly Sprint", startTime: startsAt },
          { id: "trn_tbd", status: "open", title: "Date TBD Cup" },
        ],
        hasMore: false,
      },
    });
    const read = await readOpenTournaments(http, credential);
    expect(read.complete).toBe(true);
    expect([...listedIdsOf(read)].sort()).toEqual(["trn_ok", "trn_tbd"]);
  });

  it("calls a read complete when every item reads", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      body: {
        tournaments: [{ id: "trn_ok", status: "open", title: "Weekly Sprint", startTime: startsAt }],
        hasMore: false,
      },
    });
    const read = await readOpenTournaments(http, credential);
    expect(read).toMatchObject({ complete: true, unreadable: [] });
  });
});
