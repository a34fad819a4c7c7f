// Recording what linked members did, per server, as events arrive, and forgetting it after a year
// (docs/architecture.md, "The weekly digest"). The reads are in member-activity-periods.ts.
import type { Insertable, Kysely } from "kysely";
import type { BattleOutcome } from "../events/battle-outcome.js";
import type { Database, MemberActivityTable } from "./database.js";
import { listLinkedGuildsOf } from "./linked-members.js";
import { inSlices } from "./in-slices.js";

interface FactBase {
  readonly eventId: string;
  readonly platformUserId: string;
  /** The event's `created`. */
  readonly occurredAt: number;
  /** When its delivery was received; the `now` it is recorded with when left out. */
  readonly receivedAt?: number | undefined;
}

/** One event about one platform user, before it is known in which servers that user is linked. */
export type ActivityFact =
  | (FactBase & {
      readonly kind: "rating";
      readonly ratingChange: number | null;
      readonly newRating: number | null;
      readonly promotedTo: string | null;
      /** The tier the change left the member in, when the event named it. */
      readonly tierAfter?: string | null | undefined;
      /** The tier the member was in before the change, when the event named it. */
      readonly tierBefore?: string | null | undefined;
    })
  | (FactBase & {
      readonly kind: "battle";
      readonly battleId: string;
      readonly outcome: BattleOutcome | null;
    })
  | (FactBase & { readonly kind: "achievement"; readonly achievement: string });

/** How long a row is kept: a year of weeks and months to rank. */
export const memberActivityRetentionMs = 365 * 24 * 60 * 60 * 1000;

/** Rows per INSERT, well inside both dialects' limits on bound parameters. */
const rowsPerInsert = 200;

/**
 * Records each fact once in every server where its user is linked (only in `guildId` when given: an event
 * from a server's own endpoint reaches that server alone). A fact already recorded for a server is left as it
 * is. Runs inside the caller's transaction; returns the rows added.
 */
export async function recordMemberActivity(
  db: Kysely<Database>,
  input: {
    readonly facts: readonly ActivityFact[];
    readonly guildId: string | undefined;
    readonly now: number;
  },
): Promise<number> {
  const userIds = [...new Set(input.facts.map((fact) => fact.platformUserId))];
  if (userIds.length === 0) return 0;
  const linked = await listLinkedGuildsOf(db, userIds);
  // A server's own endpoint records in that server alone.
  const guildsOf = (platformUserId: string): string[] =>
    [...(linked.get(platformUserId) ?? [])].filter(
      (guildId) => input.guildId === undefined || guildId === input.guildId,
    );
  const rows = input.facts.flatMap((fact) =>
    guildsOf(fact.platformUserId).map((guildId) => toRow(fact, guildId, input.now)),
  );
  const results = await inSlices(rows, rowsPerInsert, (some) =>
    db
      .insertInto("member_activity")
      .values(some)
      .onConflict((conflict) => conflict.columns(["guild_id", "event_id", "platform_user_id"]).doNothing())
      .execute(),
  );
  return results.reduce((added, result) => added + Number(result.numInsertedOrUpdatedRows ?? 0n), 0);
}

function toRow(fact: ActivityFact, guildId: string, now: number): Insertable<MemberActivityTable> {
  return {
    guild_id: guildId,
    event_id: fact.eventId,
    platform_user_id: fact.platformUserId,
    kind: fact.kind,
    occurred_at: fact.occurredAt,
    recorded_at: fact.receivedAt ?? now,
    rating_change: fact.kind === "rating" ? fact.ratingChange : null,
    new_rating: fact.kind === "rating" ? fact.newRating : null,
    promoted_to: fact.kind === "rating" ? fact.promotedTo : null,
    tier_after: fact.kind === "rating" ? (fact.tierAfter ?? null) : null,
    tier_before: fact.kind === "rating" ? (fact.tierBefore ?? null) : null,
    battle_id: fact.kind === "battle" ? fact.battleId : null,
    outcome: fact.kind === "battle" ? fact.outcome : null,
    achievement: fact.kind === "achievement" ? fact.achievement : null,
  };
}

/** Deletes the rows recorded more than a year before `now`; returns how many. */
export async function pruneMemberActivity(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom("member_activity")
    .where("recorded_at", "<", now - memberActivityRetentionMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
