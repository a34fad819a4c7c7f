// Events as the bot holds them: a webhook payload in the standard form, read by the receiver's own
// normaliseEvent. Data comes from the sandbox's builders (sandbox/webhooks), so it has exactly the shape
// the platform stand-in sends, or from a test that needs something the sandbox never makes (huge lists).
import type { EventKind } from "../../../src/events/event-kinds.js";
import { seedProblems } from "../../../sandbox/seed/problems.js";
import { seedUsers } from "../../../sandbox/seed/users.js";
import { createState, type User } from "../../../sandbox/state.js";
import { sampleEventData } from "../../../sandbox/webhooks/sample-data.js";
import { normaliseEvent } from "../../../src/events/normalise-event.js";
import type { KnownPlatformEvent } from "../../../src/events/platform-event.js";

/** 2026-11-21T10:00:00Z. */
export const eventTime = Date.UTC(2026, 10, 21, 10);

export type EventData = Readonly<Record<string, unknown>>;

/** The event the receiver makes of a standard payload with this kind and data. */
export function readEvent<K extends EventKind>(
  kind: K,
  data: EventData,
  options: { readonly id?: string; readonly created?: number; readonly sentAs?: string } = {},
): Extract<KnownPlatformEvent, { readonly kind: K }> {
  const body = JSON.stringify({
    id: options.id ?? `evt_${kind.replace(/\W/g, "_")}`,
    event: options.sentAs ?? kind,
    created: new Date(options.created ?? eventTime).toISOString(),
    data,
    request: { id: "req_1", idempotency_key: "req_1" },
  });
  const result = normaliseEvent(Buffer.from(body));
  if (!result.ok) throw new Error(`the receiver rejected the test payload: ${result.error}`);
  if (result.event.kind !== kind) throw new Error(`read as ${String(result.event.kind)}, not ${kind}`);
  // Checked just above: the kind is K, so the data is K's.
  return result.event as Extract<KnownPlatformEvent, { readonly kind: K }>;
}

export interface SandboxWorld {
  /** The sandbox's seeded players: alice, bob, carol, dave, erin, frank, grace. */
  readonly users: readonly User[];
  /** What the sandbox sends as `data` for `kind` (its test-delivery sample, unmarked), `overrides` laid over. */
  data(kind: EventKind, overrides?: EventData): EventData;
}

export function createSandboxWorld(): SandboxWorld {
  const state = createState(eventTime);
  state.problems.push(...seedProblems());
  const users = seedUsers(state, eventTime);
  return {
    users,
    data: (kind, overrides = {}) => {
      // The sample is the sandbox's test delivery; these stand for real events unless `overrides` says test.
      const { test: _testMark, ...sample } = sampleEventData(state, kind, eventTime, {});
      return { ...sample, ...overrides };
    },
  };
}

export function userOf(world: SandboxWorld, index: number): User {
  const user = world.users[index];
  if (user === undefined) throw new Error(`the sandbox seeds no user ${String(index)}`);
  return user;
}

/** `count` players with long, markdown-laden usernames, for the limit tests. */
export function manyPlayers(count: number, nameLength = 300): { user_id: string; username: string }[] {
  return Array.from({ length: count }, (_, index) => ({
    user_id: `usr_${String(index).padStart(5, "0")}`,
    username: `*player_${String(index)}*`.padEnd(nameLength, "x"),
  }));
}

/** A snowflake-sized Discord id per platform user, as if every one of them were linked. */
export function linkEveryone(platformUserIds: readonly string[]): Map<string, string> {
  return new Map(
    platformUserIds.map((id, index) => [id, String(1_100_000_000_000_000_000n + BigInt(index))]),
  );
}
