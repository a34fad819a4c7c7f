// Webhook payloads as the platform sends them (the platform's API reference, Events › Payload), as JSON text.
import { createHmac, randomUUID } from "node:crypto";

export interface StandardEventInput {
  readonly id?: string;
  readonly event: string;
  readonly created?: unknown;
  readonly data: Readonly<Record<string, unknown>>;
}

export function standardEvent(input: StandardEventInput): string {
  return JSON.stringify({
    id: input.id ?? `evt_${randomUUID()}`,
    event: input.event,
    created: input.created ?? "2026-11-21T10:00:00.000Z",
    data: input.data,
    request: { id: "req_1", idempotency_key: "idem_1" },
  });
}

/** The older form of the general reference: no id, camelCase data. */
export function olderEvent(input: {
  event: string;
  timestamp?: unknown;
  data: Record<string, unknown>;
}): string {
  return JSON.stringify({
    event: input.event,
    timestamp: input.timestamp ?? 1_795_000_000,
    data: input.data,
  });
}

export function sign(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** battle.completed data exactly as the spec lists its fields. */
export function battleCompletedData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    object: "battle",
    id: "bat_1",
    mode: "realtime",
    difficulty: "hard",
    problem: { id: "prb_1", title: "Two Sum", difficulty: "hard" },
    participants: [
      { user_id: "usr_ada", username: "ada", score: 100, submission_time: 420, rank: 1 },
      { user_id: "usr_bob", username: "bob", score: 60, submission_time: 610, rank: 2 },
    ],
    winner: "usr_ada",
    duration: 900,
    started_at: "2026-11-21T09:45:00.000Z",
    completed_at: "2026-11-21T10:00:00.000Z",
    ...overrides,
  };
}

export function ratingChangedData(
  userId: string,
  oldRating: number,
  newRating: number,
): Record<string, unknown> {
  return {
    object: "user",
    id: userId,
    user: { id: userId, username: userId.replace(/^usr_/, "") },
    old_rating: oldRating,
    new_rating: newRating,
    change: newRating - oldRating,
    tier: "gold",
    previous_tier: "silver",
    battle_id: "bat_1",
  };
}

export function tournamentStartedData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    object: "tournament",
    id: "trn_1",
    title: "Winter Cup",
    format: "elimination",
    difficulty: "medium",
    starts_at: "2026-11-21T10:00:00.000Z",
    ends_at: "2026-11-21T12:00:00.000Z",
    participants: 12,
    max_participants: 64,
    prize: "$100",
    ...overrides,
  };
}
