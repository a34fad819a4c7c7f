import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { setupCommand } from "./data.js";
import { runAdminChannel } from "./sub/admin-channel.js";
import { runEventsOff, runEventsOn } from "./sub/events.js";
import { runRemindersOff } from "./sub/reminders/off.js";
import { runRemindersSet } from "./sub/reminders/set.js";
import { runRolesCreate } from "./sub/roles/create.js";
import { runRolesMap } from "./sub/roles/map.js";
import { runRolesOff } from "./sub/roles/off.js";
import { runRolesSync } from "./sub/roles/sync.js";
import { runSetupStatus } from "./sub/status.js";
import { runWebhookDeliveries } from "./sub/webhook/deliveries.js";
import { runWebhookRegister } from "./sub/webhook/register.js";
import { runWebhookRotateSecret } from "./sub/webhook/rotate-secret.js";
import { runWebhookTest } from "./sub/webhook/test.js";
import { suggestTiers } from "./suggest-tiers.js";

/**
 * `/setup webhook register|test|deliveries|rotate-secret`, `/setup roles create|map|sync|off`,
 * `/setup reminders set|off`, `/setup events on|off`, `/setup status`, `/setup admin-channel`
 * (docs/architecture.md, "Commands", "Managing the platform webhook", "Tier roles", "Tournament reminders",
 * "Tournament events"). The dispatcher re-checks Manage Server at run time; webhook calls and reminders use
 * the admin's own linked credential, tier roles and events need none.
 */
export const setup = defineCommand<BotDependencies, typeof setupCommand>({
  data: setupCommand,
  acknowledge: "ephemeral",
  async autocomplete(deps, { subcommand, focused }) {
    return subcommand === "map" && focused.name === "tier" ? suggestTiers(deps, focused.value) : [];
  },
  async run(deps, { actor, args, responder, interaction }) {
    const context = { actor, responder, interactionId: interaction.id };
    switch (args.group) {
      case "webhook":
        switch (args.subcommand) {
          case "register":
            return runWebhookRegister(deps, context);
          case "test":
            return runWebhookTest(deps, context, args.options);
          case "deliveries":
            return runWebhookDeliveries(deps, context);
          case "rotate-secret":
            return runWebhookRotateSecret(deps, context);
        }
        return;
      case "roles":
        switch (args.subcommand) {
          case "create":
            return runRolesCreate(deps, context);
          case "map":
            return runRolesMap(deps, context, args.options);
          case "sync":
            return runRolesSync(deps, context);
          case "off":
            return runRolesOff(deps, context);
        }
        return;
      case "reminders":
        return args.subcommand === "set"
          ? runRemindersSet(deps, context, args.options)
          : runRemindersOff(deps, context);
      case "events":
        return args.subcommand === "on" ? runEventsOn(deps, context) : runEventsOff(deps, context);
      case undefined:
        return args.subcommand === "status"
          ? runSetupStatus(deps, context)
          : runAdminChannel(deps, context, args.options);
    }
  },
});
