// One route per channel, kept by the database (docs/architecture.md, "Routing"): two `/subscribe` runs at once
// could each find no route for a channel and make one. The routes a channel has are merged first into its
// oldest (by creation, then id): it takes the union of their event kinds, in the order they were listed; it
// keeps its own filters, except that a later route's `battleUpdates: "channel"` is kept (routing already
// read the channel as in channel mode when any of its routes said so); it is active when any of them was
// (events still reached the channel through that one, and a post that fails pauses it again), and otherwise
// keeps its own status and reason. The outbox rows of the later routes are handed to the oldest, so a thread
// post moved back into its channel still finds its route (src/store/forget-thread.ts). Then a unique index
// on (guild_id, channel_id) refuses a second route.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

interface RouteRow {
  readonly id: string;
  readonly guild_id: string;
  readonly channel_id: string;
  readonly event_kinds: string;
  readonly filters: string;
  readonly status: string;
  readonly status_reason: string | null;
  readonly updated_at: number | string;
}

export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await db
    .selectFrom("subscriptions")
    .select([
      "id",
      "guild_id",
      "channel_id",
      "event_kinds",
      "filters",
      "status",
      "status_reason",
      "updated_at",
    ])
    .orderBy("created_at")
    .orderBy("id")
    .execute()) as RouteRow[];
  const byChannel = new Map<string, RouteRow[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.guild_id, row.channel_id]);
    byChannel.set(key, [...(byChannel.get(key) ?? []), row]);
  }
  for (const [oldest, ...later] of byChannel.values()) {
    if (oldest === undefined || later.length === 0) continue;
    await mergeInto(db, oldest, later);
  }
  await db.schema
    .createIndex("subscriptions_guild_channel_unique")
    .on("subscriptions")
    .columns(["guild_id", "channel_id"])
    .unique()
    .execute();
}

async function mergeInto(db: Kysely<any>, oldest: RouteRow, later: readonly RouteRow[]): Promise<void> {
  const group = [oldest, ...later];
  const kinds = [...new Set(group.flatMap((row) => JSON.parse(row.event_kinds) as string[]))];
  const filters = JSON.parse(oldest.filters) as Record<string, unknown>;
  if (later.some((row) => (JSON.parse(row.filters) as Record<string, unknown>).battleUpdates === "channel"))
    filters.battleUpdates = "channel";
  const active = group.some((row) => row.status === "active");
  const laterIds = later.map((row) => row.id);
  await db
    .updateTable("outbox")
    .set({ subscription_id: oldest.id })
    .where("subscription_id", "in", laterIds)
    .execute();
  await db.deleteFrom("subscriptions").where("id", "in", laterIds).execute();
  await db
    .updateTable("subscriptions")
    .set({
      event_kinds: JSON.stringify(kinds),
      filters: JSON.stringify(filters),
      status: active ? "active" : oldest.status,
      status_reason: active ? null : oldest.status_reason,
      updated_at: Math.max(...group.map((row) => Number(row.updated_at))),
    })
    .where("id", "=", oldest.id)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("subscriptions_guild_channel_unique").execute();
}
