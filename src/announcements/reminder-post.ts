// The outbox's render step for a tournament reminder (docs/architecture.md, "Tournament reminders"): read the
// reminder and the server's settings again when the post is made, so a reminder queued before its tournament
// started or left the open list, before reminders were turned off or moved to another channel, or before its
// start moved, posts nothing.
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { RenderedMessage } from "../display/rendered-message.js";
import type { Logger } from "../logger.js";
import type { Database } from "../store/database.js";
import type { OutboxEntry } from "../store/outbox.js";
import { deletedRoleProblem, findReminderSettings } from "../store/reminder-settings.js";
import { findTournamentReminder, queuedPostGone, queuedPostMoved } from "../store/tournament-reminders.js";
import { renderTournamentReminder } from "./tournament-reminder.js";

export interface ReminderPostDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How many members are interested in the tournament's scheduled event (docs/architecture.md, "Tournament events"). */
  readonly readInterestedCount?: (input: {
    readonly guildId: string;
    readonly tournamentId: string;
  }) => Promise<number | undefined>;
}

/**
 * Undefined means nothing to post: the reminder is gone, its tournament started or its start moved, or reminders
 * are off or now go to another channel.
 */
export async function renderReminderPost(
  deps: ReminderPostDeps,
  entry: OutboxEntry,
): Promise<RenderedMessage | undefined> {
  const log = { outboxId: entry.id, reminderId: entry.eventId, guildId: entry.guildId };
  const reminder = await findTournamentReminder(deps.db, entry.eventId);
  const settings = await findReminderSettings(deps.db, entry.guildId);
  if (reminder === undefined || settings === undefined) {
    deps.logger.info(log, "a queued tournament reminder is gone or reminders are off; nothing to post");
    return undefined;
  }
  // An admin moved the reminders to another channel while the post waited: the old channel, which may have
  // been left for good, is not pinged. A thread's row names its parent channel.
  if (entry.channelId !== settings.channelId) {
    deps.logger.info(
      log,
      "a queued tournament reminder's channel is no longer the reminder channel; nothing to post",
    );
    return undefined;
  }
  if (reminder.tournamentStarted || deps.clock.now() >= reminder.tournament.startsAt) {
    deps.logger.info(log, "a queued tournament reminder's tournament has started; nothing to post");
    return undefined;
  }
  // Its start moved after it was queued (an outage or a rate limit held the post back): the old start would be
  // wrong, and the reminder for the new start is a row of its own, due at its own time.
  if (reminder.statusReason === queuedPostMoved) {
    deps.logger.info(
      log,
      "a queued tournament reminder's start moved; the new start's reminder posts instead",
    );
    return undefined;
  }
  // Its tournament left the open list after it was queued (withdrawn, or started): no role is pinged for it.
  if (reminder.statusReason === queuedPostGone) {
    deps.logger.info(log, "a queued tournament reminder's tournament is no longer open; nothing to post");
    return undefined;
  }
  const interested = await deps.readInterestedCount?.({
    guildId: entry.guildId,
    tournamentId: reminder.tournament.id,
  });
  // A deleted role would show as "@deleted-role" and ping nobody: the admins were told, the post names no role.
  const roleId = settings.roleProblem === deletedRoleProblem ? null : settings.roleId;
  return renderTournamentReminder(reminder, roleId, interested);
}
