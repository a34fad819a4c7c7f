import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { remindCommand } from "./data.js";
import { toggleReminderRole } from "./toggle-reminder-role.js";

/** `/remind on|off` (docs/architecture.md, "Tournament reminders"): take or give back the reminder role. */
export const remind = defineCommand<BotDependencies, typeof remindCommand>({
  data: remindCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, args, responder }) {
    const content = await toggleReminderRole(deps, {
      guildId: actor.guildId,
      userId: actor.userId,
      on: args.subcommand === "on",
      roleIds: actor.roleIds ?? [],
    });
    await responder.reply({ content, ephemeral: true });
  },
});
