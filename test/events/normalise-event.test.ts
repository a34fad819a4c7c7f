import { describe, expect, it } from "vitest";
import { deriveEventId } from "../../src/events/normalise-event.js";
import {
  battleCompletedData,
  olderEvent,
  ratingChangedData,
  standardEvent,
  tournamentStartedData,
} from "../webhooks/support/payloads.js";
import { event } from "./support/read-body.js";

describe("the standard form", () => {
  it("reads battle.completed as the spec lists it, typed and in camelCase", () => {
    const read = event(
      standardEvent({ id: "evt_1", event: "battle.completed", data: battleCompletedData() }),
    );
    expect(read).toEqual({
      id: "evt_1",
      kind: "battle.completed",
      rawKind: "battle.completed",
      createdAt: Date.UTC(2026, 10, 21, 10),
      form: "standard",
      request: { id: "req_1", idempotencyKey: "idem_1" },
      test: false,
      data: {
        battleId: "bat_1",
        tournamentId: undefined,
        mode: "realtime",
        difficulty: "hard",
        problem: { id: "prb_1", title: "Two Sum", difficulty: "hard" },
        participants: [
          { userId: "usr_ada", username: "ada", rating: undefined, score: 100, submissionTime: 420, rank: 1 },
          { userId: "usr_bob", username: "bob", rating: undefined, score: 60, submissionTime: 610, rank: 2 },
        ],
        winner: "usr_ada",
        duration: 900,
        startedAt: Date.UTC(2026, 10, 21, 9, 45),
        completedAt: Date.UTC(2026, 10, 21, 10),
      },
    });
  });

  it("reads user.achievement_earned as the spec lists it, without keeping the email", () => {
    const read = event(
      standardEvent({
        event: "user.achievement_earned",
        data: {
          object: "achievement",
          id: "ach_first",
          user: { id: "usr_ada", username: "ada", email: "ada@example.com" },
          achievement: {
            id: "ach_first",
            name: "First Victory",
            description: "Win",
            tier: "bronze",
            points: 10,
          },
          progress: { current: 1, required: 1, completed_at: "2026-11-21T10:00:00Z" },
        },
      }),
    );
    expect(read.kind).toBe("user.achievement_earned");
    expect(read.data).toEqual({
      user: { id: "usr_ada", username: "ada" },
      achievement: { id: "ach_first", name: "First Victory", description: "Win", tier: "bronze", points: 10 },
      progress: { current: 1, required: 1, completedAt: Date.UTC(2026, 10, 21, 10) },
    });
    expect(JSON.stringify(read)).not.toContain("ada@example.com");
  });

  it("computes a rating change the platform left out", () => {
    const data = { ...ratingChangedData("usr_ada", 1500, 1480), change: undefined };
    const read = event(standardEvent({ event: "user.rating_changed", data }));
    expect(read.kind === "user.rating_changed" && read.data.change).toBe(-20);
  });

  it("treats tournament.started as an alias of system.tournament_started, keeping the name sent", () => {
    const read = event(standardEvent({ event: "tournament.started", data: tournamentStartedData() }));
    expect(read.kind).toBe("system.tournament_started");
    expect(read.rawKind).toBe("tournament.started");
    expect(read.kind === "system.tournament_started" && read.data.tournamentId).toBe("trn_1");
  });

  it("keeps an unknown kind with its raw name and data, to be stored and ignored", () => {
    const read = event(
      standardEvent({ id: "evt_x", event: "battle.exploded", data: { object: "battle", x: [1] } }),
    );
    expect(read).toMatchObject({ id: "evt_x", kind: undefined, rawKind: "battle.exploded" });
    expect(read.data).toEqual({ object: "battle", x: [1] });
  });

  it("drops a display field of the wrong type instead of refusing the event", () => {
    const data = battleCompletedData({ mode: 42, problem: "Two Sum", duration: "long", participants: "ada" });
    const read = event(standardEvent({ event: "battle.completed", data }));
    expect(read.data).toMatchObject({
      battleId: "bat_1",
      mode: undefined,
      problem: undefined,
      participants: [],
    });
  });

  it("cuts a display text past 4,096 characters, never inside a character", () => {
    const title = `${"t".repeat(4095)}😀${"t".repeat(250_000)}`;
    const data = battleCompletedData({ problem: { id: "prb_1", title, difficulty: "hard" } });
    const read = event(standardEvent({ event: "battle.completed", data }));
    expect(read.data).toMatchObject({ problem: { title: "t".repeat(4095) } });
    const username = `${"u".repeat(4094)}😀${"u".repeat(10)}`;
    const player = { user_id: "usr_1", username, score: 1, rank: 1 };
    const withPlayer = event(
      standardEvent({ event: "battle.completed", data: battleCompletedData({ participants: [player] }) }),
    );
    expect(withPlayer.data).toMatchObject({ participants: [{ username: `${"u".repeat(4094)}😀` }] });
  });

  it("reads numeric ids as text", () => {
    const read = event(JSON.stringify({ id: 42, event: "battle.started", created: 0, data: { id: 7 } }));
    expect(read).toMatchObject({ id: "42", data: { battleId: "7" } });
  });

  it.each([
    ["an ISO timestamp", "2026-11-21T10:00:00Z", Date.UTC(2026, 10, 21, 10)],
    ["epoch seconds", 1_795_000_000, 1_795_000_000_000],
    ["epoch milliseconds", 1_795_000_000_123, 1_795_000_000_123],
    ["epoch seconds as text", "1795000000", 1_795_000_000_000],
  ])("takes the creation time from %s", (_name, created, expected) => {
    const body = JSON.stringify({ id: "evt_t", event: "system.maintenance_scheduled", created, data: {} });
    expect(event(body).createdAt).toBe(expected);
  });

  it("reads the data of every other kind as the sandbox sends it", () => {
    const joined = event(
      standardEvent({
        event: "team.member_joined",
        data: {
          object: "team",
          id: "team_1",
          team: { id: "team_1", name: "Owls" },
          user: { id: "usr_bob", username: "bob" },
          role: "member",
          members: 3,
          joined_at: "2026-11-21T10:00:00.000Z",
        },
      }),
    );
    expect(joined.data).toEqual({
      teamId: "team_1",
      teamName: "Owls",
      user: { id: "usr_bob", username: "bob" },
      role: "member",
      members: 3,
      joinedAt: Date.UTC(2026, 10, 21, 10),
    });
  });
});

describe("the older form", () => {
  const older = olderEvent({
    event: "battle.completed",
    timestamp: "2026-11-21T10:00:00Z",
    data: { battleId: "bat_9", winner: "usr_ada", participants: ["usr_ada", "usr_bob"], duration: 300 },
  });

  it("becomes the same event type, with the battle id, winner, players and duration", () => {
    const read = event(older);
    expect(read).toMatchObject({
      kind: "battle.completed",
      form: "older",
      createdAt: Date.UTC(2026, 10, 21, 10),
      request: undefined,
      data: {
        battleId: "bat_9",
        winner: "usr_ada",
        duration: 300,
        participants: [
          { userId: "usr_ada", username: undefined },
          { userId: "usr_bob", username: undefined },
        ],
      },
    });
  });

  it("gets an id derived from the body, the same for every retry of it", () => {
    const first = event(older);
    const retry = event(older);
    expect(first.id).toBe(deriveEventId(Buffer.from(older)));
    expect(first.id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(retry.id).toBe(first.id);
    const other = olderEvent({ event: "battle.completed", data: { battleId: "bat_10" } });
    expect(event(other).id).not.toBe(first.id);
  });

  it("reads the older form of other kinds through their camelCase names", () => {
    const read = event(
      olderEvent({ event: "tournament.started", data: { tournamentId: "trn_5", title: "Cup" } }),
    );
    expect(read).toMatchObject({
      kind: "system.tournament_started",
      data: { tournamentId: "trn_5", title: "Cup" },
    });
  });
});

describe("test deliveries", () => {
  const data = { ...battleCompletedData(), test: true };

  it("marks an event whose data says test: true as a test, in either form", () => {
    expect(event(standardEvent({ event: "battle.completed", data })).test).toBe(true);
    expect(
      event(olderEvent({ event: "battle.completed", data: { battleId: "bat_9", test: true } })).test,
    ).toBe(true);
  });

  it("takes anything but test: true in the data for a real event", () => {
    for (const mark of [false, "true", 1, null]) {
      expect(event(standardEvent({ event: "battle.completed", data: { ...data, test: mark } })).test).toBe(
        false,
      );
    }
    expect(event(standardEvent({ event: "battle.completed", data: battleCompletedData() })).test).toBe(false);
  });
});
