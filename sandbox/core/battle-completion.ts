// Completing a battle: rank the participants, settle results, apply Elo, and announce it all.
// Ranking: best score first; among equal scores the earlier best submission first; participants who
// never submitted rank last. Result: with one participant, `won` on a full score and `lost` otherwise;
// with more, a sole first place `won`, a shared first place `draw`, everyone else `lost`.
import type { Battle, User } from "../state.js";
import { battleCompletedData, ratingChangedData } from "../webhooks/event-data.js";
import { awardBattleAchievements } from "./achievements.js";
import type { CoreDeps, EventCause } from "./deps.js";
import { computeEloChanges } from "./elo.js";
import { bestSubmission, bestSubmissionSeconds } from "./stats.js";
import { announceTeamBattle } from "./team-battles.js";
import { recordRating } from "./users.js";

export interface Standing {
  userId: string;
  score: number;
  submittedAt: number | null;
  submissionTime: number | null;
  rank: number;
}

export function rankParticipants(battle: Battle): Standing[] {
  const entries = battle.participants.map((participant) => {
    const best = bestSubmission(battle, participant.userId);
    return {
      userId: participant.userId,
      score: best?.score ?? 0,
      submittedAt: best?.submittedAt ?? null,
      submissionTime: bestSubmissionSeconds(battle, participant.userId),
      rank: 0,
    };
  });
  const order = (entry: Standing): [number, number] => [
    -entry.score,
    entry.submittedAt ?? Number.POSITIVE_INFINITY,
  ];
  entries.sort((a, b) => compareTuples(order(a), order(b)));
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    entry.rank =
      previous !== undefined && compareTuples(order(previous), order(entry)) === 0
        ? previous.rank
        : index + 1;
  });
  return entries;
}

function compareTuples(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || (a[1] === b[1] ? 0 : a[1] < b[1] ? -1 : 1);
}

export function completeBattle(deps: CoreDeps, cause: EventCause, battle: Battle, at: number): void {
  if (battle.status === "completed") return;
  battle.status = "completed";
  battle.completedAt = at;
  const standings = rankParticipants(battle);
  settleResults(battle, standings);
  const ratingChanges = applyElo(deps, battle, standings, at);
  deps.publish("battle.completed", battleCompletedData(deps.state, battle, standings), cause);
  for (const { user, oldRating } of ratingChanges) {
    const change = { oldRating, newRating: user.rating, battleId: battle.id };
    deps.publish("user.rating_changed", ratingChangedData(user, change), cause);
  }
  for (const participant of battle.participants) {
    const user = deps.state.users.get(participant.userId);
    if (user !== undefined) awardBattleAchievements(deps, cause, user, at);
  }
  if (battle.type === "team") announceTeamBattle(deps, cause, battle, standings);
}

function settleResults(battle: Battle, standings: readonly Standing[]): void {
  const leaders = standings.filter((standing) => standing.rank === 1);
  const solo = standings.length === 1;
  for (const standing of standings) {
    const participant = battle.participants.find((candidate) => candidate.userId === standing.userId);
    if (participant === undefined) continue;
    participant.rank = standing.rank;
    if (solo) participant.result = standing.score === 100 ? "won" : "lost";
    else if (standing.rank === 1) participant.result = leaders.length === 1 ? "won" : "draw";
    else participant.result = "lost";
  }
  const winner = battle.participants.find((participant) => participant.result === "won");
  battle.winnerId = winner?.userId ?? null;
}

/** Applies Elo to a battle of two or more; returns the users whose rating moved. */
function applyElo(
  deps: CoreDeps,
  battle: Battle,
  standings: readonly Standing[],
  at: number,
): { user: User; oldRating: number }[] {
  const entrants = standings.flatMap((standing) => {
    const user = deps.state.users.get(standing.userId);
    return user === undefined ? [] : [{ user, rank: standing.rank }];
  });
  const changes = computeEloChanges(
    entrants.map(({ user, rank }) => ({ userId: user.id, rating: user.rating, rank })),
  );
  const moved: { user: User; oldRating: number }[] = [];
  for (const { user } of entrants) {
    const participant = battle.participants.find((candidate) => candidate.userId === user.id);
    const oldRating = user.rating;
    user.rating = oldRating + (changes.get(user.id) ?? 0);
    if (participant !== undefined) {
      participant.ratingBefore = oldRating;
      participant.ratingAfter = user.rating;
    }
    if (user.rating !== oldRating) {
      recordRating(deps.state, user.id, at, user.rating);
      moved.push({ user, oldRating });
    }
  }
  return moved;
}
