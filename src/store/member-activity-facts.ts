// What an event tells about members' activity (docs/architecture.md, "The weekly digest"): a rating change, a
// battle result per player (a team battle's per team member) or an achievement; the kinds that tell any are
// listed in src/events/activity-kinds.ts. The values become columns,
// so anything a column cannot hold is left out rather than failing the delivery's transaction: an id that is
// not printable text of a sane length, a NUL in text, a number that is not a sane integer.
import type { KnownPlatformEvent } from "../events/index.js";
import { readPlayerOutcome, readTeamOutcome, readTierMove } from "../events/index.js";
import { nothingQueued, type EventStoredSubscriber } from "./event-stored-subscribers.js";
import { recordMemberActivity, type ActivityFact } from "./member-activity.js";

/**
 * Users considered per event, as routing caps its lookups (src/webhooks/route-event.ts): a signed event listing thousands
 * must not hold the transaction. Real events name a few.
 */
const maxUsersPerEvent = 200;

/**
 * The weekly digest's read model, in the events' own commit: an event acknowledged is an event counted, once.
 * The links of all the transaction's players are read at once, per reach (every server, or one server's own
 * endpoint), and their facts inserted together.
 */
export const recordEventActivity: EventStoredSubscriber = async (trx, stored) => {
  const reaches = new Map<string | undefined, { facts: ActivityFact[]; now: number }>();
  for (const { event, context } of stored) {
    const facts = readActivityFacts(event, context.now);
    if (facts.length === 0) continue;
    const reach = reaches.get(context.guildId) ?? { facts: [], now: context.now };
    reach.facts.push(...facts);
    reaches.set(context.guildId, reach);
  }
  for (const [guildId, { facts, now }] of reaches) {
    await recordMemberActivity(trx, { facts, guildId, now });
  }
  return stored.map(() => nothingQueued);
};

/**
 * The facts of one event, each marked received at `receivedAt` when given. Each is written out field by field:
 * in Node 20 an object spread followed by other properties costs about a microsecond, and this runs for every
 * player of every event stored (docs/performance.md).
 */
export function readActivityFacts(event: KnownPlatformEvent, receivedAt?: number): ActivityFact[] {
  const { id: eventId, createdAt: occurredAt } = event;
  switch (event.kind) {
    case "user.rating_changed": {
      const { data } = event;
      const tierAfter = storableText(data.tier);
      const promoted = readTierMove(data) === "promoted" ? tierAfter : undefined;
      return keep([
        {
          eventId,
          platformUserId: data.user.id,
          occurredAt,
          receivedAt,
          kind: "rating",
          ratingChange: storableInteger(data.change),
          newRating: storableInteger(data.newRating),
          promotedTo: promoted ?? null,
          tierAfter: tierAfter ?? null,
          tierBefore: storableText(data.previousTier) ?? null,
        },
      ]);
    }
    case "battle.completed": {
      const { data } = event;
      return keep(
        data.participants.map((player) => ({
          eventId,
          platformUserId: player.userId,
          occurredAt,
          receivedAt,
          kind: "battle",
          battleId: data.battleId,
          outcome: readPlayerOutcome(data, player.userId) ?? null,
        })),
      );
    }
    case "team.battle_completed": {
      const { data } = event;
      return keep(
        data.teams.flatMap((team) =>
          team.memberIds.map((memberId) => ({
            eventId,
            platformUserId: memberId,
            occurredAt,
            receivedAt,
            kind: "battle",
            battleId: data.battleId,
            outcome: readTeamOutcome(data, team.teamId) ?? null,
          })),
        ),
      );
    }
    case "user.achievement_earned": {
      const { achievement, user } = event.data;
      const name = storableText(achievement.name) ?? storableText(achievement.id) ?? "Achievement";
      return keep([
        { eventId, platformUserId: user.id, occurredAt, receivedAt, kind: "achievement", achievement: name },
      ]);
    }
    default:
      return [];
  }
}

/** One fact per user (the first), with storable ids only, for at most maxUsersPerEvent users. */
function keep(facts: readonly ActivityFact[]): ActivityFact[] {
  const byUser = new Map<string, ActivityFact>();
  for (const fact of facts) {
    if (byUser.size === maxUsersPerEvent) break;
    if (!isStorableId(fact.platformUserId) || (fact.kind === "battle" && !isStorableId(fact.battleId)))
      continue;
    if (!byUser.has(fact.platformUserId)) byUser.set(fact.platformUserId, fact);
  }
  return [...byUser.values()];
}

const printable = /^[^\p{Cc}\p{Cs}]+$/u;

function isStorableId(id: string): boolean {
  return id.length <= 256 && printable.test(id);
}

/** Text without NUL (PostgreSQL's text refuses it), at most 200 UTF-16 units; undefined when blank. */
function storableText(text: string | undefined): string | undefined {
  // A pair cut in half at the end would be a lone surrogate: it is dropped.
  const cleaned = (text ?? "")
    .replaceAll("\u0000", "")
    .slice(0, 200)
    .replace(/[\uD800-\uDBFF]$/, "")
    .trim();
  return cleaned === "" ? undefined : cleaned;
}

/** Ratings and changes fit an INTEGER column; beyond a billion the number is not a rating. */
function storableInteger(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && Math.abs(value) <= 1e9 ? Math.round(value) : null;
}
