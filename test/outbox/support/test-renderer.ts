// A small real renderer for the worker's tests: the message is built from the inbox event the row names.
import type { Kysely } from "kysely";
import type { RenderOutboxEntry } from "../../../src/outbox/index.js";
import type { Database } from "../../../src/store/database.js";
import { findInboxEvent } from "../../../src/store/inbox.js";

export interface TestEvent {
  readonly title?: string;
  /** The renderer returns nothing for this event. */
  readonly nothingToPost?: boolean;
  /** The renderer builds an empty message, which Discord rejects (50006). */
  readonly empty?: boolean;
}

export function renderTestAnnouncement(db: Kysely<Database>): RenderOutboxEntry {
  return async (entry) => {
    const event = await findInboxEvent(db, { source: entry.source, eventId: entry.eventId });
    if (event === undefined) throw new Error(`event ${entry.eventId} is not in the inbox`);
    const payload = event.payload as TestEvent;
    if (payload.nothingToPost === true) return undefined;
    if (payload.empty === true) return { content: "" };
    const title = payload.title ?? "An event";
    return { content: entry.action === "edit" ? `${title} (card updated)` : title };
  };
}
