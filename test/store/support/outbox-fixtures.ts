// The outbox rows the tests queue (outbox.test.ts and its siblings; docs/architecture.md, "Posting"): an
// event received in the inbox, and a post of it to one channel, due at the fixed test instant.
import type { Kysely } from "kysely";
import type { Database } from "../../../src/store/database.js";
import { insertInboxEvent } from "../../../src/store/inbox.js";
import { enqueueOutbox, type OutboxInput } from "../../../src/store/outbox.js";
import { testNow } from "../secret-box-fixture.js";

export const leaseMs = 30_000;

export async function receive(db: Kysely<Database>, eventId: string, source = "operator"): Promise<void> {
  await insertInboxEvent(db, {
    eventId,
    kind: "battle.completed",
    source,
    status: "accepted",
    payload: {},
    receivedAt: testNow,
  });
}

export function postInput(eventId: string, overrides: Partial<OutboxInput> = {}): OutboxInput {
  return {
    source: "operator",
    eventId,
    guildId: "100000000000000001",
    channelId: "300000000000000001",
    subscriptionId: "sub-1",
    action: "post",
    targetMessageId: null,
    now: testNow,
    ...overrides,
  };
}

export async function enqueue(
  db: Kysely<Database>,
  eventId: string,
  overrides: Partial<OutboxInput> = {},
): Promise<string> {
  await receive(db, eventId, overrides.source);
  const id = await enqueueOutbox(db, postInput(eventId, overrides));
  if (id === undefined) throw new Error("expected a new outbox row");
  return id;
}
