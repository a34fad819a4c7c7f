// The event an outbox row was routed from, read back from the inbox for rendering (docs/architecture.md,
// "Rendering"). Undefined when there is nothing to render: the event is gone from the inbox, was ignored or
// dead-lettered, or cannot be read back.
import type { Kysely } from "kysely";
import type { Logger } from "../logger.js";
import type { Database } from "../store/database.js";
import { findInboxEvent } from "../store/inbox.js";
import type { OutboxEntry } from "../store/outbox.js";
import { readStoredEvent, StoredEventError, type KnownPlatformEvent } from "../events/index.js";

export async function loadOutboxEvent(
  deps: { readonly db: Kysely<Database>; readonly logger: Logger },
  entry: OutboxEntry,
): Promise<KnownPlatformEvent | undefined> {
  const log = { outboxId: entry.id, eventId: entry.eventId, source: entry.source, guildId: entry.guildId };
  const stored = await findInboxEvent(deps.db, { source: entry.source, eventId: entry.eventId });
  if (stored === undefined) {
    deps.logger.warn(log, "an outbox row's event is no longer in the inbox; nothing to send");
    return undefined;
  }
  if (stored.status !== "accepted") return undefined;
  try {
    const event = readStoredEvent(stored.payload);
    return event.kind === undefined ? undefined : event;
  } catch (error) {
    if (!(error instanceof StoredEventError)) throw error;
    deps.logger.warn({ ...log, reason: error.message }, "an outbox row's event cannot be read back");
    return undefined;
  }
}
