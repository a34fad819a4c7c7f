// Tournament reminders' posts as the outbox knows them (docs/architecture.md, "Tournament reminders"): a
// reminder's row names the reminder, not a platform event, and is rendered from it. A reminder channel closed
// to the bot, or deleted, has no subscription to pause or disable, so its problem is recorded and the admins
// told once; a reminder posted there again ends it, so the next refusal is told again. A reminder meant for its
// tournament's thread, once the thread is lost, is posted in the reminder channel while it still is that.
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { FailureReactions, OutboxSource, ReactToFailure, RenderOutboxEntry } from "../outbox/index.js";
import type { Database } from "../store/database.js";
import { startTournamentThread } from "../store/tournament-threads.js";
import {
  clearChannelProblem,
  deletedChannelProblem,
  recordChannelProblem,
} from "../store/reminder-settings.js";
import { findTournamentReminder } from "../store/tournament-reminders.js";
import { requeueLostReminders } from "../store/due-reminders.js";

export interface ReminderSourceDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** A reminder's post, read again from the reminder when it is made (src/announcements/reminder-post.ts). */
  readonly render: RenderOutboxEntry;
  /** What a reminder posted in its tournament's thread does when the thread is gone or refused. */
  readonly threadFailures: FailureReactions;
}

/** Registered under the `source` of a reminder's rows (src/store/tournament-reminders.ts). */
export function createReminderSource(deps: ReminderSourceDeps): OutboxSource {
  return {
    render: deps.render,
    async onPosted(rows, messageId) {
      const post = rows.find((row) => row.action === "post");
      if (post === undefined) return;
      await clearChannelProblem(deps.db, { guildId: post.guildId, channelId: post.channelId });
      // The tournament's first post in the channel starts its thread (src/store/message-threads.ts).
      const reminder = await findTournamentReminder(deps.db, post.eventId);
      if (reminder === undefined) return;
      await startTournamentThread(deps.db, {
        guildId: post.guildId,
        channelId: post.channelId,
        messageId,
        tournamentId: reminder.tournament.id,
        title: reminder.tournament.title,
        now: deps.clock.now(),
      });
    },
    onFailure: {
      "no-access": recordClosedChannel,
      "channel-gone": recordDeletedChannel,
      ...deps.threadFailures,
    },
    // A reminder meant for its tournament's lost thread is posted in the reminder channel, while it still is.
    onThreadLost: requeueLostReminders,
  };
}

/** Told only when this is the server's reminder channel and no problem was recorded there before. */
const recordClosedChannel: ReactToFailure = async (trx, { guildId, channelId, reason, now }) => {
  const first = await recordChannelProblem(trx, { guildId, channelId, problem: reason, now });
  if (!first) return undefined;
  return {
    guildId,
    content:
      `I can no longer post tournament reminders in <#${channelId}> (${reason}). Give me View Channel, ` +
      "Send Messages and Embed Links there, or pick another channel, then run `/setup reminders set` again.",
    what: "could not post a tournament reminder",
    logFields: { channelId, reason },
    avoidChannelId: channelId,
  };
};

/** As a closed channel, but only another channel helps: every later reminder would meet the same 404. */
const recordDeletedChannel: ReactToFailure = async (trx, { guildId, channelId, reason, now }) => {
  const problem = `${deletedChannelProblem}${reason}`;
  const first = await recordChannelProblem(trx, { guildId, channelId, problem, now });
  if (!first) return undefined;
  return {
    guildId,
    content:
      `I can no longer post tournament reminders in <#${channelId}>: the channel was deleted (${reason}). ` +
      "Run `/setup reminders set` with another channel.",
    what: "could not post a tournament reminder",
    logFields: { channelId, reason },
    avoidChannelId: channelId,
  };
};
