// The outbox worker's render step for an event's row (docs/architecture.md, "Rendering", "Posting"): it becomes
// the message to post, or the battle card to edit. Undefined means nothing to send: the event is gone from the
// inbox, was ignored or dead-lettered, or its kind has no card to edit.
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { Database } from "../store/database.js";
import type { OutboxEntry } from "../store/outbox.js";
import { cardBattleId, isBattleResult, type KnownPlatformEvent } from "../events/index.js";
import { renderCardEditOf } from "./card-edit.js";
import { checkThroughPresence, type DepartedCheck } from "../discord/departed-members.js";
import type { MemberPresence } from "../discord/guild-member-presence.js";
import { listEventUsers } from "./event-users.js";
import { loadGuildMentions } from "./guild-mentions.js";
import { loadOutboxEvent } from "./load-outbox-event.js";
import { wasThreadArchived } from "../store/message-threads.js";
import { renderEvent } from "./render-event.js";
import { listServerWeekUsers, loadServerWeek, readDigestWeek } from "./server-week.js";
import { platformPodiumEntries } from "./server-week-digest.js";
import type { RenderedMessage } from "../display/rendered-message.js";

export interface OutboxRendererDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Whether the members the weekly digest names are still here; without it, none is left out. */
  readonly memberPresence?: MemberPresence | undefined;
}

export type RenderOutboxRow = (entry: OutboxEntry) => Promise<RenderedMessage | undefined>;

export function createOutboxRenderer(deps: OutboxRendererDeps): RenderOutboxRow {
  return async (entry) => {
    const event = await loadOutboxEvent(deps, entry);
    if (event === undefined) return undefined;
    if (entry.action === "edit") return renderCardEdit(deps, entry, event);
    if (await cameAfterResult(deps, entry, event)) return undefined;
    return renderPost(deps, entry, event);
  };
}

/**
 * A battle's update for its card's thread that arrives once the result archived the thread (a late delivery,
 * such as the platform's retry of battle.started): nothing is posted, as the post would reopen the thread and
 * call a finished battle live (docs/architecture.md, "Routing"). The card's edit still folds it in.
 */
async function cameAfterResult(
  deps: OutboxRendererDeps,
  entry: OutboxEntry,
  event: KnownPlatformEvent,
): Promise<boolean> {
  if (entry.action !== "thread-post" || entry.targetMessageId === null) return false;
  if (cardBattleId(event) === undefined || isBattleResult(event.kind)) return false;
  return wasThreadArchived(deps.db, entry.targetMessageId);
}

async function renderPost(
  deps: OutboxRendererDeps,
  entry: OutboxEntry,
  event: KnownPlatformEvent,
): Promise<RenderedMessage> {
  // The weekly digest shows the guild's week as of the refresh, without the members who left the server
  // (docs/architecture.md, "The weekly digest").
  const eventUsers = listEventUsers(event).map((user) => user.id);
  const serverWeek =
    event.kind === "system.leaderboard_updated"
      ? await loadServerWeek(deps.db, {
          guildId: entry.guildId,
          window: await readDigestWeek(deps.db, {
            guildId: entry.guildId,
            eventId: event.id,
            createdAt: event.createdAt,
            now: deps.clock.now(),
          }),
          departedCheck: createDepartedCheck(deps, entry.guildId),
          // Only the podium of the platform's top list is shown: checking the rest would spend the look-ups.
          alsoNamed: platformPodiumEntries(event).map((entry) => entry.userId),
        })
      : undefined;
  const users = [...eventUsers, ...listServerWeekUsers(serverWeek)];
  const mentions = await loadGuildMentions(deps.db, entry.guildId, users, serverWeek?.departed);
  return renderEvent(event, { mentions, ...(serverWeek === undefined ? {} : { serverWeek }) });
}

function createDepartedCheck(deps: OutboxRendererDeps, guildId: string): DepartedCheck | undefined {
  const { memberPresence } = deps;
  if (memberPresence === undefined) return undefined;
  return checkThroughPresence(memberPresence, guildId, deps.logger);
}

/** The card as every event that reached it tells it (card-edit.ts), never as this event alone. */
async function renderCardEdit(
  deps: OutboxRendererDeps,
  entry: OutboxEntry,
  event: KnownPlatformEvent,
): Promise<RenderedMessage | undefined> {
  const battleId = cardBattleId(event);
  if (battleId === undefined || entry.targetMessageId === null) return undefined;
  const target = {
    battleId,
    guildId: entry.guildId,
    channelId: entry.channelId,
    messageId: entry.targetMessageId,
  };
  return renderCardEditOf(deps, target, event);
}
