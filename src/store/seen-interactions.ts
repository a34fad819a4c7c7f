// The interaction ids POST /interactions has taken (docs/architecture.md, "Commands" step 1). A signed
// request stays fresh for 5 minutes either side of its timestamp, so a captured one could run again; Discord
// never resends an interaction, so an id seen before is always a replay.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import type { BatchedWrite } from "./write-batcher.js";

/**
 * How long an id is kept. A request is accepted while its signed timestamp is within 5 minutes of the clock
 * of the instance it reaches, so its replays are fresh for at most 10 minutes after it was first seen, on one
 * clock. Twice that: instances whose clocks (the one that recorded the id, the one that prunes, the one a
 * replay reaches) disagree by minutes still refuse every replay.
 */
export const seenInteractionRetentionMs = 20 * 60 * 1000;

/**
 * Records an interaction id; true the first time, false for one already seen. One insert-or-ignore, so of two
 * instances taking the same id at once only one gets true.
 */
export async function recordInteraction(
  db: Kysely<Database>,
  input: { readonly id: string; readonly now: number },
): Promise<boolean> {
  const taken = await recordInteractions(db, { ids: [input.id], now: input.now });
  return taken.has(input.id);
}

/**
 * Records several interaction ids in one statement (so one commit); returns the ids recorded now, leaving out
 * those seen before. An id given twice is recorded once.
 */
export async function recordInteractions(
  db: Kysely<Database>,
  input: { readonly ids: readonly string[]; readonly now: number },
): Promise<Set<string>> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return new Set();
  const inserted = await db
    .insertInto("seen_interactions")
    .values(ids.map((id) => ({ id, seen_at: input.now })))
    .onConflict((conflict) => conflict.column("id").doNothing())
    .returning("id")
    .execute();
  return new Set(inserted.map((row) => row.id));
}

/** Deletes the ids seen longer ago than the retention (the hourly clean-up); returns how many. */
export async function pruneSeenInteractions(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom("seen_interactions")
    .where("seen_at", "<=", now - seenInteractionRetentionMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** recordInteraction as a write of the store's batcher: a burst of interactions shares one commit. */
export const recordInteractionWrite: BatchedWrite<Parameters<typeof recordInteraction>[1], boolean> = {
  name: "record an interaction id",
  run: recordInteraction,
};
