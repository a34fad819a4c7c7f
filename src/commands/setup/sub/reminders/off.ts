// `/setup reminders off` (docs/architecture.md, "Tournament reminders").
import type { BotDependencies } from "../../../bot-dependencies.js";
import { deleteReminderSettings } from "../../../../store/reminder-settings.js";
import type { SubcommandContext } from "../../setup-arguments.js";

/** The subcommand, answered privately. */
export async function runRemindersOff(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
): Promise<void> {
  const content = (await deleteReminderSettings(deps.db, actor.guildId))
    ? "Tournament reminders are off. Reminders not sent yet are dropped; the role stays with its members, " +
      "and those who took it with `/remind on` can give it back with `/remind off`."
    : "Tournament reminders were already off.";
  await responder.reply({ content, ephemeral: true });
}
