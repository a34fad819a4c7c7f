// The live battle card (docs/architecture.md, "Rendering") rebuilt from every event that reached it and every
// answer the platform gave the bot's own create and join calls. Each says only part of the story (a
// submission names one player, only battle.created or the create answer the language; no event tells of a
// join), so the card is folded from all of them and always shows everything known so far: edits that run
// late or twice still converge on the same card.
import { plainText } from "../display/platform-text.js";
import type { BattleCardPlayer, BattleCardView } from "../cards/battle-card.js";
import { readWinner, type BattleSummary, type KnownPlatformEvent } from "../events/index.js";
import type { BattleAnswerFacts } from "../store/battle-answers.js";
import { sortByRank } from "./announcement-style.js";
import { nameUser, type RenderContext } from "./render-context.js";

export interface CardHistory {
  readonly battleId: string;
  /** Discord id of the member who ran /battle create, from the card's row. */
  readonly createdBy: string | undefined;
  /** The battle's events that reached this card, in any order. */
  readonly events: readonly KnownPlatformEvent[];
  /** The platform's answers to the bot's create and join calls for the battle (src/store/battle-answers.ts). */
  readonly answers?: readonly BattleAnswerFacts[];
}

interface Player {
  readonly id: string;
  username: string | undefined;
  score: number | undefined;
  rank: number | undefined;
}

interface CardState {
  status: string;
  type: string | undefined;
  problem: BattleCardView["problem"];
  language: string | undefined;
  timeLimit: number | undefined;
  maxParticipants: number | undefined;
  endsAt: number | undefined;
  players: Map<string, Player>;
  /** Team battles: the standings stand in for players. */
  teams: BattleCardPlayer[];
  winnerId: string | undefined;
  winnerTeam: string | undefined;
}

/** A battle only moves forward, whatever order its events are read in. */
const statusOrder: Readonly<Record<string, number>> = { waiting: 0, active: 1, completed: 2 };

export function foldBattleCard(history: CardHistory, context: RenderContext): BattleCardView {
  const state: CardState = {
    status: "waiting",
    type: undefined,
    problem: undefined,
    language: undefined,
    timeLimit: undefined,
    maxParticipants: undefined,
    endsAt: undefined,
    players: new Map(),
    teams: [],
    winnerId: undefined,
    winnerTeam: undefined,
  };
  for (const answer of history.answers ?? []) applyAnswer(state, answer);
  const events = [...history.events].sort((a, b) => a.createdAt - b.createdAt);
  for (const event of events) applyEvent(state, event);
  return toView(state, history, context);
}

/** Seats only fill and the status only moves forward, so answers and events may be folded in any order. */
function applyAnswer(state: CardState, answer: BattleAnswerFacts): void {
  advance(state, answer.status);
  state.type = answer.type ?? state.type;
  state.problem = answer.problem ?? state.problem;
  state.language = answer.language ?? state.language;
  state.timeLimit = answer.timeLimit ?? state.timeLimit;
  state.maxParticipants = answer.maxParticipants ?? state.maxParticipants;
  for (const player of answer.participants) seat(state, player.id, player.username);
}

function applyEvent(state: CardState, event: KnownPlatformEvent): void {
  switch (event.kind) {
    case "battle.created": {
      const { data } = event;
      advance(state, data.status ?? "waiting");
      noteBattle(state, data);
      state.language = data.language ?? state.language;
      state.timeLimit = data.timeLimit ?? state.timeLimit;
      state.maxParticipants = data.maxParticipants ?? state.maxParticipants;
      return;
    }
    case "battle.started": {
      const { data } = event;
      advance(state, "active");
      noteBattle(state, data);
      state.timeLimit = data.timeLimit ?? state.timeLimit;
      state.endsAt = data.endsAt ?? state.endsAt;
      for (const player of data.participants) seat(state, player.userId, player.username);
      return;
    }
    case "battle.submission": {
      const { user, score } = event.data;
      advance(state, "active");
      if (user === undefined) return;
      const player = seat(state, user.id, user.username);
      if (score !== undefined) player.score = Math.max(player.score ?? score, score);
      return;
    }
    case "battle.completed": {
      const { data } = event;
      advance(state, "completed");
      noteBattle(state, data);
      for (const result of data.participants) {
        // The final standings replace the running scores.
        const player = seat(state, result.userId, result.username);
        player.score = result.score ?? player.score;
        player.rank = result.rank;
      }
      const firsts = data.participants.filter((player) => player.rank === 1).map((player) => player.userId);
      const winner = readWinner(data.winner, firsts);
      state.winnerId = winner === undefined || winner.draw ? undefined : winner.id;
      return;
    }
    case "team.battle_completed": {
      const { data } = event;
      advance(state, "completed");
      state.teams = sortByRank(data.teams).map((team) => ({
        name: plainText(team.name ?? team.teamId),
        score: team.score,
        rank: team.rank,
      }));
      // Read as the result's post reads it (team-battle-completed.ts): the team named, else the sole first.
      const firsts = data.teams.filter((team) => team.rank === 1).map((team) => team.teamId);
      const named = readWinner(data.winnerTeamId, firsts);
      const winner = named?.draw === false ? data.teams.find((team) => team.teamId === named.id) : undefined;
      state.winnerTeam = winner === undefined ? undefined : plainText(winner.name ?? winner.teamId);
      return;
    }
    default:
      return;
  }
}

/** What every battle event repeats: the mode and the problem (the card makes their text inert). */
function noteBattle(state: CardState, data: BattleSummary): void {
  state.type = data.mode ?? state.type;
  if (data.problem !== undefined) {
    state.problem = { title: data.problem.title, difficulty: data.problem.difficulty };
  }
}

function advance(state: CardState, status: string): void {
  const next = statusOrder[status];
  if (next !== undefined && next > (statusOrder[state.status] ?? 0)) state.status = status;
}

function seat(state: CardState, id: string, username: string | undefined): Player {
  const known = state.players.get(id);
  if (known !== undefined) {
    known.username = username ?? known.username;
    return known;
  }
  const player: Player = { id, username, score: undefined, rank: undefined };
  state.players.set(id, player);
  return player;
}

function toView(state: CardState, history: CardHistory, context: RenderContext): BattleCardView {
  const players = sortByRank([...state.players.values()]).map((player) => ({
    name: nameUser(player, context),
    score: player.score,
    rank: player.rank,
  }));
  const { winnerId } = state;
  const winner =
    winnerId === undefined ? undefined : nameUser(state.players.get(winnerId) ?? { id: winnerId }, context);
  return {
    battleId: history.battleId,
    status: state.status,
    type: state.type,
    problem: state.problem,
    language: state.language,
    timeLimit: state.timeLimit,
    maxParticipants: state.maxParticipants,
    endsAt: state.endsAt,
    createdBy: history.createdBy,
    participants: players.length === 0 ? state.teams : players,
    winner: state.winnerTeam ?? winner,
  };
}
