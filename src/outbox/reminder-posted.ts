// A tournament reminder that reaches its channel shows the channel is open to the bot again: a problem
// recorded there (apply-failure.ts) is over (docs/architecture.md, "Tournament reminders").
import { clearChannelProblem } from "../store/reminder-settings.js";
import { reminderSource } from "../store/tournament-reminders.js";
import type { OutboxEntry } from "../store/outbox.js";
import type { OutboxDeps } from "./outbox-deps.js";

/** After a post: one statement when the rows posted hold a reminder, none otherwise. */
export async function noteRemindersPosted(deps: OutboxDeps, entries: readonly OutboxEntry[]): Promise<void> {
  const reminder = entries.find((entry) => entry.source === reminderSource && entry.action === "post");
  if (reminder === undefined) return;
  await clearChannelProblem(deps.db, { guildId: reminder.guildId, channelId: reminder.channelId });
}
