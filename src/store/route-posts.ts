// The posts a channel's route queued that /unsubscribe takes back (docs/architecture.md, "Commands"): a
// backlog (Discord down, or its per-channel limit) would otherwise go on posting events the channel no longer
// asked for. Only rows no worker holds are taken: one being sent may already be at Discord. Posts in a thread
// are left: a battle card's thread follows the card, whatever the channel's route
// (src/webhooks/select-targets.ts).
import type { Kysely } from "kysely";
import { namesSentFor } from "../events/event-kinds.js";
import type { Database } from "./database.js";
import { isLeaseFree } from "./leases.js";

/** Kept on the rows taken back, so an operator reading the outbox knows why they were never sent. */
const unsubscribedReason = "not sent: the channel was unsubscribed";

/**
 * Marks the route's pending posts delivered with no message, as a row the renderer had nothing for (a guild's
 * removal drops its posts the same way): all of them, or only those of `kinds`. Returns how many.
 */
export async function dropRoutePosts(
  db: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly subscriptionId: string;
    /** Undefined: every kind (the whole route went). */
    readonly kinds: readonly string[] | undefined;
    readonly now: number;
  },
): Promise<number> {
  if (input.kinds?.length === 0) return 0;
  // The inbox keeps a kind as the platform sent it, which may be another name for one of these.
  const kinds = input.kinds === undefined ? undefined : namesSentFor(input.kinds);
  let query = db
    .updateTable("outbox")
    .set({
      status: "delivered",
      delivered_at: input.now,
      last_error: unsubscribedReason,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where("guild_id", "=", input.guildId)
    .where("subscription_id", "=", input.subscriptionId)
    .where("action", "=", "post")
    .where("status", "=", "pending")
    .where(isLeaseFree(db, { table: "outbox", now: input.now }))
    // A row already put in a message, or sent alone, may be at Discord (a crash before its commit): it goes
    // again under its nonce, as the outbox promises, rather than be called "not sent".
    .where("group_id", "is", null)
    .where("sent_alone_at", "is", null);
  if (kinds !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("inbox_events")
          .select("inbox_events.event_id")
          .whereRef("inbox_events.source", "=", "outbox.source")
          .whereRef("inbox_events.event_id", "=", "outbox.event_id")
          .where("inbox_events.kind", "in", [...kinds]),
      ),
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
