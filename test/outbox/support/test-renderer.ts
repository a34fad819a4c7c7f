// A small real renderer for the worker's tests: the message is built from the inbox event the row names.
import type { Kysely } from "kysely";
import type { RenderOutboxEntry, RenderOutboxSummary } from "../../../src/outbox/index.js";
import type { Database } from "../../../src/store/database.js";
import { findInboxEvent } from "../../../src/store/inbox.js";

export interface TestEvent {
  readonly title?: string;
  /** The renderer returns nothing for this event. */
  readonly nothingToPost?: boolean;
  /** The renderer builds an empty message, which Discord rejects (50006). */
  readonly empty?: boolean;
  /** The title goes in an embed, as announcements render, instead of the content. */
  readonly asEmbed?: boolean;
  /** With asEmbed: the embed's description, so a test can fill Discord's 6,000 characters. */
  readonly description?: string;
  /** With asEmbed: Discord users pinged in the content line and allowed by allowed_mentions. */
  readonly ping?: readonly string[];
  /** With asEmbed: a button without a custom id, which Discord refuses (400, 50035). */
  readonly brokenButton?: boolean;
}

export function renderTestAnnouncement(db: Kysely<Database>): RenderOutboxEntry {
  return async (entry) => {
    const event = await findInboxEvent(db, { source: entry.source, eventId: entry.eventId });
    if (event === undefined) throw new Error(`event ${entry.eventId} is not in the inbox`);
    const payload = event.payload as TestEvent;
    if (payload.nothingToPost === true) return undefined;
    if (payload.empty === true) return { content: "" };
    const title = payload.title ?? "An event";
    if (payload.asEmbed === true) return renderEmbed(title, payload);
    return { content: entry.action === "edit" ? `${title} (card updated)` : title };
  };
}

/**
 * A summary of one message per row: each row's title, alone in an embed. `store.db` is read at each render, so
 * a test world whose database opens in a hook can be passed before it does.
 */
export function renderMessagePerRow(store: { readonly db: Kysely<Database> }): RenderOutboxSummary {
  return async (entries) =>
    Promise.all(
      entries.map(async (entry) => {
        const event = await findInboxEvent(store.db, { source: entry.source, eventId: entry.eventId });
        return {
          message: { embeds: [{ title: (event?.payload as TestEvent | undefined)?.title ?? "" }] },
          rowIds: [entry.id],
        };
      }),
    );
}

function renderEmbed(title: string, payload: TestEvent) {
  const ping = payload.ping ?? [];
  return {
    ...(ping.length === 0 ? {} : { content: ping.map((id) => `<@${id}>`).join(" ") }),
    embeds: [{ title, ...(payload.description === undefined ? {} : { description: payload.description }) }],
    allowed_mentions: { parse: [], users: [...ping] },
    ...(payload.brokenButton === true
      ? { components: [{ type: 1, components: [{ type: 2, style: 1, label: "Broken" }] }] }
      : {}),
  };
}
