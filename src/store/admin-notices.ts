// A notice for a server's admins that Discord failed for a passing reason when it was posted
// (src/outbox/tell-admins.ts), queued as an outbox post to the admin channel (docs/architecture.md, "Posting"):
// retried with the outbox's backoff, under the nonce the first try was sent with, so a notice that met an
// outage or a rate limit is posted once, later, rather than lost. Its text is an inbox row of its own source,
// as a tournament reminder's is, which the post is rendered from.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { findInboxEvent, insertInboxEvent } from "./inbox.js";
import { enqueueOutbox } from "./outbox.js";

/** The `source` of a notice's inbox and outbox rows. */
export const adminNoticeSource = "admin-notice";

/** The `kind` of a notice's inbox row. */
export const adminNoticeKind = "admin.notice";

/**
 * Queues `content` for `channelId` under `id`, the outbox row's id and so its post's nonce (the one the first
 * try was sent with, so a try Discord made after all is not posted twice), in one transaction: the notice's
 * inbox row and its post.
 */
export async function queueAdminNotice(
  db: Kysely<Database>,
  input: {
    readonly id: string;
    readonly guildId: string;
    readonly channelId: string;
    readonly content: string;
    readonly now: number;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertInboxEvent(trx, {
      eventId: input.id,
      kind: adminNoticeKind,
      source: adminNoticeSource,
      status: "accepted",
      payload: { content: input.content },
      receivedAt: input.now,
    });
    await enqueueOutbox(trx, {
      id: input.id,
      source: adminNoticeSource,
      eventId: input.id,
      guildId: input.guildId,
      channelId: input.channelId,
      subscriptionId: null,
      action: "post",
      targetMessageId: null,
      now: input.now,
    });
  });
}

/**
 * The text of a queued notice, for its post; undefined when its inbox row holds none (the inbox keeps a row
 * while an outbox row names it).
 */
export async function findAdminNoticeContent(
  db: Kysely<Database>,
  eventId: string,
): Promise<string | undefined> {
  const stored = await findInboxEvent(db, { source: adminNoticeSource, eventId });
  const payload = stored?.payload;
  if (typeof payload !== "object" || payload === null || !("content" in payload)) return undefined;
  return typeof payload.content === "string" ? payload.content : undefined;
}
