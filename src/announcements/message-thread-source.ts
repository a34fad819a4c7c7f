// A message's public thread (src/store/message-threads.ts, docs/architecture.md, "Posting"): a battle card's,
// named from the battle's stored answers, or a tournament's, named from its title. Once Discord made it, it is
// recorded (a card's was already, when its start was queued).
import type { OutboxSource, ReactToFailure } from "../outbox/index.js";
import { listBattleAnswers } from "../store/battle-answers.js";
import { forgetThread } from "../store/forget-thread.js";
import { findThreadStart, recordThreadStarted } from "../store/message-threads.js";
import type { OutboxEntry } from "../store/outbox.js";
import type { RenderedMessage } from "../display/rendered-message.js";
import { plainLabel } from "../display/platform-text.js";
import { discordLimits } from "../discord/discord-limits.js";
import type { OutboxRendererDeps } from "./outbox-renderer.js";
import { describeMissingPermission, describeRefusedThread } from "./thread-notice.js";
import { pauseChannelThreads } from "../store/thread-pauses.js";
import { findReminderSettings } from "../store/reminder-settings.js";

export function createMessageThreadSource(deps: OutboxRendererDeps): OutboxSource {
  return {
    render: (entry) => renderThreadStart(deps, entry),
    async onPosted(rows) {
      for (const row of rows) {
        if (row.targetMessageId === null) continue;
        await recordThreadStarted(deps.db, { guildId: row.guildId, messageId: row.targetMessageId });
      }
    },
    onFailure: reactToThreadFailure,
  };
}

/** The start's "message" is the thread's name: the battle's problem or the tournament's title, as plain text. */
async function renderThreadStart(
  deps: OutboxRendererDeps,
  entry: OutboxEntry,
): Promise<RenderedMessage | undefined> {
  const start = await findThreadStart(deps.db, entry);
  // The card was deleted, or moved to another message that starts a thread of its own.
  if (start === undefined || start.messageId !== entry.targetMessageId) return undefined;
  const { subject } = start;
  if (subject.kind === "tournament") {
    const title = subject.title?.trim() || "Tournament";
    return { content: plainLabel(`🏆 ${title} · ${subject.id}`, discordLimits.threadName) };
  }
  const answers = await listBattleAnswers(deps.db, subject.id);
  const title = answers.map((answer) => answer.problem?.title).find((each) => each !== undefined);
  return {
    content: plainLabel(`⚔️ ${title?.trim() || "Coding battle"} · ${subject.id}`, discordLimits.threadName),
  };
}

/**
 * An archive row's: nothing to say. The outbox holds it back until the thread's posts queued with or before it
 * went (src/outbox/deliver-turn.ts), as a post would unarchive the thread again.
 */
export function renderThreadArchive(entry: OutboxEntry): Promise<RenderedMessage | undefined> {
  return Promise.resolve(entry.targetMessageId === null ? undefined : {});
}

/**
 * A thread gone (404) or refused (403): it is forgotten and its pending rows are dropped (forgetThread), so its
 * subject's updates are posted in the channel again; each dropped row's source decides what becomes of it
 * (OutboxSource.onThreadLost: the announcements' routed posts go to the channel). On a refusal the admins
 * hear once which permission to grant.
 */
const forget: ReactToFailure = async (trx, { guildId, rows, reason, now, handOverLostRows }) => {
  const failedRowIds = rows.map((row) => row.id);
  // Once a thread: the rows of a summary posted in one are many.
  const threadIds = new Set(rows.map((row) => row.targetMessageId).filter((id) => id !== null));
  for (const threadId of threadIds) {
    await forgetThread(trx, {
      guildId,
      threadId,
      error: reason,
      now,
      failedRowIds,
      handOver: handOverLostRows,
    });
  }
  return undefined;
};

export const reactToThreadFailure = {
  "thread-gone": forget,
  // The channel's threads pause until an admin resumes them, so its next posts are not refused again.
  async "thread-refused"(trx, failed) {
    await forget(trx, failed);
    const permission = describeMissingPermission(failed.rows);
    const paused = await pauseChannelThreads(trx, {
      guildId: failed.guildId,
      channelId: failed.channelId,
      permission,
      reason: failed.reason,
      pausedAt: failed.now,
    });
    if (!paused) return undefined;
    const reminders = await findReminderSettings(trx, failed.guildId);
    return describeRefusedThread(failed, permission, reminders?.channelId === failed.channelId);
  },
} satisfies OutboxSource["onFailure"];
