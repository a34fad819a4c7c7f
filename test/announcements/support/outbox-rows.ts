// The ids the outbox-renderer tests use, and helpers that store an event, queue its outbox row and render it.
import type { Kysely } from "kysely";
import type { RenderedMessage } from "../../../src/display/rendered-message.js";
import type { EventKind } from "../../../src/events/event-kinds.js";
import type { RenderOutboxEntry } from "../../../src/outbox/outbox-result.js";
import type { SecretBox } from "../../../src/secrets/secret-box.js";
import type { Database } from "../../../src/store/database.js";
import { insertInboxEvent, operatorSource } from "../../../src/store/inbox.js";
import { saveMemberLink } from "../../../src/store/member-links.js";
import { enqueueOutbox, findOutboxEntry, type OutboxEntry } from "../../../src/store/outbox.js";
import { eventTime, readEvent, type EventData } from "./events.js";

export const guildId = "100000000000000001";
export const otherGuildId = "100000000000000002";
export const channelId = "200000000000000001";
export const cardMessageId = "300000000000000001";
export const aliceDiscordId = "400000000000000001";
export const bobDiscordId = "400000000000000002";
export const creatorDiscordId = "400000000000000009";

/** What the helpers work with: read at each call, so a test's own store, secret box and renderer are used. */
export interface OutboxRowContext {
  readonly db: Kysely<Database>;
  readonly box: SecretBox;
  readonly render: RenderOutboxEntry;
}

/** The helpers, bound to `context`. */
export function createOutboxRowHelpers(context: OutboxRowContext) {
  async function storeEvent(
    kind: EventKind,
    data: EventData,
    options: { id: string; receivedAt?: number; created?: number; source?: string },
  ): Promise<string> {
    const event = readEvent(kind, data, { id: options.id, created: options.created ?? eventTime });
    await insertInboxEvent(context.db, {
      eventId: event.id,
      kind: event.rawKind,
      source: options.source ?? operatorSource,
      status: "accepted",
      payload: event,
      receivedAt: options.receivedAt ?? eventTime,
    });
    return event.id;
  }

  async function queue(
    eventId: string,
    action: "post" | "edit",
    guild = guildId,
    channel = channelId,
  ): Promise<OutboxEntry> {
    const id = await enqueueOutbox(context.db, {
      source: operatorSource,
      eventId,
      guildId: guild,
      channelId: channel,
      subscriptionId: null,
      action,
      targetMessageId: action === "edit" ? cardMessageId : null,
      now: eventTime,
    });
    const entry = id === undefined ? undefined : await findOutboxEntry(context.db, id);
    if (entry === undefined) throw new Error("the outbox row was not stored");
    return entry;
  }

  async function link(
    guild: string,
    discordId: string,
    platformUser: { id: string; username: string },
  ): Promise<void> {
    await saveMemberLink(context.db, context.box, {
      guildId: guild,
      userId: discordId,
      platformUserId: platformUser.id,
      platformUsername: platformUser.username,
      credentialKind: "api_key",
      credential: { accessToken: "not-used-here" },
      now: eventTime - 86_400_000,
    });
  }

  async function renderRow(entry: OutboxEntry): Promise<RenderedMessage> {
    const message = await context.render(entry);
    if (message === undefined) throw new Error("nothing was rendered");
    return message;
  }

  return { storeEvent, queue, link, renderRow };
}
