import { describe, expect, it } from "vitest";
import { foldBattleCard } from "../../src/announcements/battle-card-state.js";
import { renderBattleCard, renderCardButtons, type BattleCardView } from "../../src/cards/battle-card.js";
import type { KnownPlatformEvent } from "../../src/events/platform-event.js";
import type { BattleAnswerFacts } from "../../src/store/battle-answers.js";
import { eventTime, readEvent } from "./support/events.js";

const battleId = "bat_live";
const problem = { id: "prb_easy_01", title: "Two Sum", difficulty: "easy" };
const minute = 60_000;

const created = readEvent(
  "battle.created",
  {
    id: battleId,
    mode: "realtime",
    status: "waiting",
    difficulty: "easy",
    language: "python",
    problem,
    max_participants: 3,
    time_limit: 1800,
    created_by: { id: "usr_ada", username: "ada" },
  },
  { id: "evt_1", created: eventTime },
);
const started = readEvent(
  "battle.started",
  {
    id: battleId,
    mode: "realtime",
    problem,
    participants: [{ user_id: "usr_ada", username: "ada", rating: 1500 }],
    time_limit: 1800,
    ends_at: new Date(eventTime + 31 * minute).toISOString(),
  },
  { id: "evt_2", created: eventTime + minute },
);
const submission = (id: string, user: string, score: number, at: number) =>
  readEvent(
    "battle.submission",
    { id: `sub_${id}`, battle_id: battleId, user: { id: `usr_${user}`, username: user }, score },
    { id, created: eventTime + at * minute },
  );
const completed = readEvent(
  "battle.completed",
  {
    id: battleId,
    problem,
    participants: [
      { user_id: "usr_ada", username: "ada", score: 80, rank: 2 },
      { user_id: "usr_bob", username: "bob", score: 100, rank: 1 },
    ],
    winner: "usr_bob",
  },
  { id: "evt_9", created: eventTime + 20 * minute },
);

const context = { mentions: new Map([["usr_bob", "222222222222222222"]]) };

function fold(events: readonly KnownPlatformEvent[]): BattleCardView {
  return foldBattleCard({ battleId, createdBy: "999999999999999999", events }, context);
}

describe("the live battle card, folded from the events that reached it", () => {
  it("shows a running battle: its players and best scores so far, and what battle.created said", () => {
    const view = fold([
      created,
      started,
      submission("evt_3", "bob", 40, 2),
      submission("evt_4", "bob", 30, 3),
    ]);
    expect(view).toMatchObject({
      status: "active",
      language: "python",
      timeLimit: 1800,
      maxParticipants: 3,
      endsAt: eventTime + 31 * minute,
      createdBy: "999999999999999999",
      problem: { title: "Two Sum", difficulty: "easy" },
    });
    expect(view.participants).toEqual([
      { name: "ada", score: undefined, rank: undefined },
      { name: "<@222222222222222222>", score: 40, rank: undefined },
    ]);
  });

  it("shows the final standings and the winner once the battle is over", () => {
    const view = fold([created, started, submission("evt_3", "bob", 40, 2), completed]);
    expect(view.status).toBe("completed");
    expect(view.winner).toBe("<@222222222222222222>");
    expect(view.participants).toEqual([
      { name: "<@222222222222222222>", score: 100, rank: 1 },
      { name: "ada", score: 80, rank: 2 },
    ]);
  });

  it("renders the same card whatever order the events are read in", () => {
    const events = [created, started, submission("evt_3", "bob", 40, 2), completed];
    const expected = renderBattleCard(fold(events));
    for (const order of permutations(events)) expect(renderBattleCard(fold(order))).toEqual(expected);
  });

  it("never moves a battle back: a late battle.started leaves a completed card completed", () => {
    const late = readEvent(
      "battle.started",
      { id: battleId },
      { id: "evt_late", created: eventTime + 30 * minute },
    );
    expect(fold([completed, late]).status).toBe("completed");
  });

  it("names the sole first team of a team battle whose result names no winning team", () => {
    const teams = [
      { team_id: "team_b", name: "Blue", score: 10, rank: 2, members: ["usr_c"] },
      { team_id: "team_r", name: "Red", score: 20, rank: 1, members: ["usr_d"] },
    ];
    expect(fold([readEvent("team.battle_completed", { id: battleId, teams })]).winner).toBe("Red");
  });

  it("lists the teams of a team battle and names the winning team", () => {
    const teamResult = readEvent("team.battle_completed", {
      id: battleId,
      teams: [
        { team_id: "team_b", name: "Blue", score: 10, rank: 2, members: ["usr_c"] },
        { team_id: "team_r", name: "Red", score: 20, rank: 1, members: ["usr_d"] },
      ],
      winner_team_id: "team_r",
    });
    const view = fold([teamResult]);
    expect(view.status).toBe("completed");
    expect(view.winner).toBe("Red");
    expect(view.participants).toEqual([
      { name: "Red", score: 20, rank: 1 },
      { name: "Blue", score: 10, rank: 2 },
    ]);
  });
});

describe("the live battle card, with the platform's answers to the bot's own calls", () => {
  const createAnswer = {
    status: "waiting",
    problem: { title: "Two Sum", difficulty: "easy" },
    language: "python",
    timeLimit: 1800,
    maxParticipants: 2,
    participants: [],
  };
  const joinAnswer = (...usernames: string[]) => ({
    status: "active",
    participants: usernames.map((username) => ({ id: `usr_${username}`, username })),
  });
  const foldAnswers = (events: readonly KnownPlatformEvent[], answers: readonly BattleAnswerFacts[]) =>
    foldBattleCard({ battleId, createdBy: undefined, events, answers }, context);

  it("seats every player a join answer names, with no event at all, and disables Join once full", () => {
    const view = foldAnswers([], [createAnswer, joinAnswer("ada"), joinAnswer("ada", "bob")]);
    expect(view).toMatchObject({ status: "active", language: "python", maxParticipants: 2 });
    expect(view.participants.map((player) => player.name)).toEqual(["ada", "<@222222222222222222>"]);
    const [join] = renderCardButtons(battleId, view).components;
    expect(join).toMatchObject({ label: "Join", disabled: true });
  });

  it("keeps the joins when a later event names fewer players, and the event's scores", () => {
    const view = foldAnswers([started, submission("evt_3", "ada", 40, 2)], [joinAnswer("ada", "bob")]);
    expect(view.participants).toEqual([
      { name: "ada", score: 40, rank: undefined },
      { name: "<@222222222222222222>", score: undefined, rank: undefined },
    ]);
  });
});

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}
