// The platform's times are UTC (docs/platform-assumptions.md, "Fields we treat as optional"): one that names
// no offset is read as UTC on a host in any time zone, in an API answer as in a webhook event. The host's
// zone is set for each test, as a bot deployed west of UTC would have it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listTournaments } from "../../src/api/tournaments.js";
import { asUtcText, parseUtcTime } from "../../src/clock.js";
import { event } from "../events/support/read-body.js";
import { createFixtureClient, credential, usePlatformFixture } from "./platform-fixture.js";

const fixture = usePlatformFixture();
const hostZone = process.env.TZ;

beforeEach(() => {
  process.env.TZ = "America/New_York";
});

afterEach(() => {
  if (hostZone === undefined) delete process.env.TZ;
  else process.env.TZ = hostZone;
});

describe("a platform time without an offset", () => {
  it("is read as UTC, and a time that names its zone as it says", () => {
    // The host's own reading, to show the zone is in force: five hours behind UTC in March.
    expect(Date.parse("2025-03-01T12:00:00")).toBe(Date.UTC(2025, 2, 1, 17));
    expect(parseUtcTime("2025-03-01T12:00:00")).toBe(Date.UTC(2025, 2, 1, 12));
    expect(parseUtcTime("2025-03-01 12:00:00.250")).toBe(Date.UTC(2025, 2, 1, 12, 0, 0, 250));
    expect(parseUtcTime("2025-03-01T12:00")).toBe(Date.UTC(2025, 2, 1, 12));
    expect(parseUtcTime("2025-03-01t12:00:00,5")).toBe(Date.UTC(2025, 2, 1, 12, 0, 0, 500));
    expect(parseUtcTime("2025-03-01")).toBe(Date.UTC(2025, 2, 1));
    expect(parseUtcTime("2025-03-01T12:00:00+02:00")).toBe(Date.UTC(2025, 2, 1, 10));
    expect(parseUtcTime("2025-03-01T12:00:00Z")).toBe(Date.UTC(2025, 2, 1, 12));
    expect(parseUtcTime("not a time")).toBeNaN();
    expect(asUtcText("2025-03-01T12:00:00+02:00")).toBe("2025-03-01T12:00:00+02:00");
  });

  it("is a webhook event's creation time in UTC, not the host's", () => {
    const body = JSON.stringify({
      id: "evt_t",
      event: "system.maintenance_scheduled",
      created: "2026-11-21T10:00:00",
      data: {},
    });
    expect(event(body).createdAt).toBe(Date.UTC(2026, 10, 21, 10));
  });

  it("is kept with its zone in an answer, so a tournament's start is read as UTC after it", async () => {
    fixture.queueReplies({
      body: {
        tournaments: [
          {
            id: "tourn_local",
            title: "No offset",
            status: "open",
            startTime: "2026-12-05T18:00:00",
            participants: 1,
            maxParticipants: 8,
          },
        ],
        total: 1,
        hasMore: false,
      },
    });
    const { http } = createFixtureClient(fixture);
    const { tournaments } = await listTournaments(http, credential, { status: "open" });
    expect(tournaments[0]?.startsAt).toBe("2026-12-05T18:00:00Z");
    expect(Date.parse(tournaments[0]?.startsAt ?? "")).toBe(Date.UTC(2026, 11, 5, 18));
  });
});
