// What a server's admins hear when Discord refuses a thread (a battle card's or a tournament's) (docs/architecture.md, "Posting"):
// which permission to grant, in which channel. Threads need their own permissions (docs: Topics, Threads —
// Permissions): Create Public Threads to start one, Send Messages in Threads to post in it.
import type { AdminNotice, FailedRows } from "../outbox/index.js";

/** The permission the refused rows needed, as Discord names it. */
export function describeMissingPermission(rows: FailedRows["rows"]): string {
  return rows.some((row) => row.action === "start-thread")
    ? "Create Public Threads"
    : "Send Messages in Threads";
}

/**
 * What turns a paused channel's threads back on: `/subscribe` on it, or for the tournament reminders' channel
 * `/setup reminders set` again, as `/subscribe` would also route events into a channel kept for reminders.
 */
export function describeThreadResume(isReminderChannel: boolean): string {
  return isReminderChannel ? "run `/setup reminders set` again" : "`/subscribe` that channel";
}

export function describeRefusedThread(
  failed: FailedRows,
  permission: string,
  isReminderChannel = false,
): AdminNotice {
  return {
    guildId: failed.guildId,
    content:
      `I could not use a thread in <#${failed.channelId}> (${failed.reason}), so battle and tournament ` +
      `updates are posted in the channel. Give me **${permission}** there, then ` +
      `${describeThreadResume(isReminderChannel)} to turn threads back on; \`/setup status\` lists the ` +
      "channels waiting.",
    what: "paused a channel's threads",
    logFields: { channelId: failed.channelId, reason: failed.reason, permission },
  };
}
