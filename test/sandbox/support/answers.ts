// Types for the parts of answers that tests iterate over; assertions check the rest.
import type { JsonAnswer } from "./sandbox.js";

export interface EventPayload {
  id: string;
  event: string;
  created: string;
  data: { object: string; id: string; [field: string]: JsonAnswer };
  request: { id: string; idempotency_key: string };
}

export function parsePayload(body: string): EventPayload {
  const payload: EventPayload = JSON.parse(body);
  return payload;
}

export interface TournamentItem {
  id: string;
  title: string;
  status: string;
  participants: number;
}

export interface RankingItem {
  rank: number;
  user: { id: string; username: string };
}

export interface BattleLeaderboardRow {
  username: string;
  score: number;
}
