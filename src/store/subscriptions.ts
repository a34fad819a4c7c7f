// Routes of event kinds into channels, GitHub-app style (docs/architecture.md, "Commands" /subscribe,
// "Routing").
import type { Kysely, Selectable } from "kysely";
import { z } from "zod";
import type { EventKind } from "../events/event-kinds.js";
import type { Database, SubscriptionsTable } from "./database.js";
import { createId } from "./ids.js";
import { idsPerQuery, inSlices } from "./in-slices.js";
import { parseEventKinds, toJsonText } from "./json-text.js";
import { readDialect } from "./dialect.js";
import { preparedRead } from "./prepared-reads.js";

export const subscriptionFiltersSchema = z.object({
  tournamentId: z.string().optional(),
  difficulty: z.string().optional(),
  minRatingChange: z.number().optional(),
  /** Only events about members linked in this guild. */
  linkedOnly: z.boolean().optional(),
  /**
   * Not a filter: where a battle card posted in this channel shows its battle's updates, in the card's thread
   * (absent, the default) or as posts in the channel (src/store/message-threads.ts).
   */
  battleUpdates: z.literal("channel").optional(),
});

export type SubscriptionFilters = z.infer<typeof subscriptionFiltersSchema>;
export type SubscriptionStatus = Selectable<SubscriptionsTable>["status"];

export interface Subscription {
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly eventKinds: readonly EventKind[];
  readonly filters: SubscriptionFilters;
  readonly status: SubscriptionStatus;
  readonly statusReason: string | null;
  readonly createdBy: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface SubscriptionInput {
  readonly guildId: string;
  readonly channelId: string;
  readonly eventKinds: readonly EventKind[];
  readonly filters: SubscriptionFilters;
  readonly createdBy: string;
  readonly now: number;
}

export interface SubscriptionKey {
  readonly guildId: string;
  readonly id: string;
}

/** The row of a new route. */
function newRouteRow(input: SubscriptionInput) {
  return {
    id: createId(),
    guild_id: input.guildId,
    channel_id: input.channelId,
    event_kinds: toJsonText(input.eventKinds),
    filters: toJsonText(input.filters),
    created_by: input.createdBy,
    created_at: input.now,
    updated_at: input.now,
  };
}

/** A route for a channel that has none in its guild; the unique (guild_id, channel_id) index refuses a second. */
export async function createSubscription(
  db: Kysely<Database>,
  input: SubscriptionInput,
): Promise<Subscription> {
  const row = await db
    .insertInto("subscriptions")
    .values(newRouteRow(input))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSubscription(row);
}

/**
 * The channel's route, made unless the channel has one already: undefined then. One insert that gives way to
 * the unique (guild_id, channel_id) index, so two `/subscribe` runs at once never make two routes
 * (docs/architecture.md, "Routing").
 */
export async function createChannelRoute(
  db: Kysely<Database>,
  input: SubscriptionInput,
): Promise<Subscription | undefined> {
  const row = await db
    .insertInto("subscriptions")
    .values(newRouteRow(input))
    .onConflict((conflict) => conflict.columns(["guild_id", "channel_id"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toSubscription(row);
}

/** The channel's route in this guild, if it has one. */
export async function findChannelRoute(
  db: Kysely<Database>,
  key: { readonly guildId: string; readonly channelId: string },
): Promise<Subscription | undefined> {
  const row = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("guild_id", "=", key.guildId)
    .where("channel_id", "=", key.channelId)
    .executeTakeFirst();
  return row === undefined ? undefined : toSubscription(row);
}

/** Looks a subscription up within a guild, so an admin can never reach another guild's routes. */
export async function findSubscription(
  db: Kysely<Database>,
  key: SubscriptionKey,
): Promise<Subscription | undefined> {
  const row = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("guild_id", "=", key.guildId)
    .where("id", "=", key.id)
    .executeTakeFirst();
  return row === undefined ? undefined : toSubscription(row);
}

export async function listGuildSubscriptions(db: Kysely<Database>, guildId: string): Promise<Subscription[]> {
  const rows = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("guild_id", "=", guildId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toSubscription);
}

/**
 * Of the channels of `places`, those a route of any kind and state keeps battle updates in (`battleUpdates: "channel"`):
 * routing reads it for the channels whose card or tournament has a thread, since the route that chose the
 * channel need not be one that takes the event being routed (docs/architecture.md, "Webhooks in").
 */
export async function listChannelModeChannels(
  db: Kysely<Database>,
  places: readonly { readonly guildId: string; readonly channelId: string }[],
): Promise<Set<string>> {
  const channelIds = new Set(places.map((place) => place.channelId));
  // Read by guild, which subscriptions are indexed by, then narrowed to the channels asked about.
  const rows = await inSlices([...new Set(places.map((place) => place.guildId))], idsPerQuery, (some) =>
    db.selectFrom("subscriptions").selectAll().where("guild_id", "in", some).execute(),
  );
  return new Set(
    rows
      .map(toSubscription)
      .filter((subscription) => channelIds.has(subscription.channelId))
      .filter((subscription) => subscription.filters.battleUpdates === "channel")
      .map((subscription) => subscription.channelId),
  );
}

/** Active subscriptions that include a kind, in every guild or one (routing an event, docs/architecture.md, "Webhooks in"). */
export async function listActiveSubscriptionsForKind(
  db: Kysely<Database>,
  input: { readonly kind: EventKind; readonly guildId?: string },
): Promise<Subscription[]> {
  const rows = await readActiveSubscriptions(db, {
    kindText: toJsonText(input.kind),
    guildId: input.guildId,
  });
  return rows.map(toSubscription).filter((subscription) => subscription.eventKinds.includes(input.kind));
}

/**
 * Read for every event stored (src/webhooks/route-event.ts), so built once (prepared-reads.ts). The kind's
 * JSON text found in the stored list narrows the rows in SQL; the parsed list decides exactly. Found by
 * position (`instr`, PostgreSQL's `strpos`) rather than `like '%…%'`: SQLite's LIKE took 9 of the read's 20
 * µs over three subscriptions, `instr` 1.
 */
const readActiveSubscriptions = preparedRead(
  (db, { kindText, guildId }: { readonly kindText: string; readonly guildId: string | undefined }) => {
    const position = readDialect(db) === "postgres" ? "strpos" : "instr";
    const query = db
      .selectFrom("subscriptions")
      .selectAll()
      .where("status", "=", "active")
      .where((eb) => eb(eb.fn<number>(position, ["event_kinds", eb.val(kindText)]), ">", 0))
      .orderBy("created_at")
      .orderBy("id");
    return guildId === undefined ? query : query.where("guild_id", "=", guildId);
  },
);

export async function updateSubscription(
  db: Kysely<Database>,
  input: SubscriptionKey & {
    readonly eventKinds: readonly EventKind[];
    readonly filters: SubscriptionFilters;
    readonly now: number;
    /**
     * A compare-and-set: the route's `updatedAt` as it was read, so an update made meanwhile (another
     * /subscribe merging its own kinds) is not overwritten; undefined is answered then, for the caller to read
     * again. The update moves `updated_at` past it even within the same millisecond.
     */
    readonly expectedUpdatedAt?: number;
  },
): Promise<Subscription | undefined> {
  const { expectedUpdatedAt } = input;
  let query = db
    .updateTable("subscriptions")
    .set({
      event_kinds: toJsonText(input.eventKinds),
      filters: toJsonText(input.filters),
      updated_at: expectedUpdatedAt === undefined ? input.now : Math.max(input.now, expectedUpdatedAt + 1),
    })
    .where("guild_id", "=", input.guildId)
    .where("id", "=", input.id);
  if (expectedUpdatedAt !== undefined) query = query.where("updated_at", "=", expectedUpdatedAt);
  const row = await query.returningAll().executeTakeFirst();
  return row === undefined ? undefined : toSubscription(row);
}

/**
 * `expectedUpdatedAt` makes it a compare-and-set, as for `updateSubscription`: a route changed since it was
 * read is left, and false answered.
 */
export async function deleteSubscription(
  db: Kysely<Database>,
  key: SubscriptionKey & { readonly expectedUpdatedAt?: number },
): Promise<boolean> {
  let query = db.deleteFrom("subscriptions").where("guild_id", "=", key.guildId).where("id", "=", key.id);
  if (key.expectedUpdatedAt !== undefined) query = query.where("updated_at", "=", key.expectedUpdatedAt);
  const result = await query.executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Pauses, disables or reactivates one subscription (Discord error policy, docs/architecture.md, "Posting"). */
export async function setSubscriptionStatus(
  db: Kysely<Database>,
  input: {
    readonly id: string;
    readonly status: SubscriptionStatus;
    readonly reason: string | null;
    readonly now: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable("subscriptions")
    .set({ status: input.status, status_reason: input.reason, updated_at: input.now })
    .where("id", "=", input.id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The same for every subscription of a channel: a channel that vanished or lost access fails them all.
 * Disabled subscriptions (their channel is gone) are left as they are.
 */
export async function setChannelSubscriptionsStatus(
  db: Kysely<Database>,
  input: {
    readonly channelId: string;
    readonly status: SubscriptionStatus;
    readonly reason: string | null;
    readonly now: number;
  },
): Promise<number> {
  const result = await db
    .updateTable("subscriptions")
    .set({ status: input.status, status_reason: input.reason, updated_at: input.now })
    .where("channel_id", "=", input.channelId)
    .where("status", "!=", "disabled")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

function toSubscription(row: Selectable<SubscriptionsTable>): Subscription {
  return {
    id: row.id,
    guildId: row.guild_id,
    channelId: row.channel_id,
    eventKinds: parseEventKinds(row.event_kinds),
    filters: subscriptionFiltersSchema.parse(JSON.parse(row.filters)),
    status: row.status,
    statusReason: row.status_reason,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
