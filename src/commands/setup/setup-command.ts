import { listDeliveries, listFailedDeliveries } from "../../api/webhooks.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { isEventKind } from "../../events/event-kinds.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { configureAdminChannel } from "./admin-channel.js";
import { setupCommand } from "./data.js";
import { requireRegisteredEndpoint } from "./guild-webhook.js";
import { readSetupStatus } from "./read-setup-status.js";
import { registerGuildWebhook } from "./register-webhook.js";
import { renderDeliveries, renderDeliveriesProgress } from "./render-deliveries.js";
import { renderRegisterOutcome } from "./render-register-outcome.js";
import { renderRotationOutcome } from "./render-rotation-outcome.js";
import { renderSetupStatus } from "./render-setup-status.js";
import { renderTestProgress, renderTestResult, renderTestWaiting } from "./render-test-result.js";
import { rotateGuildWebhookSecret } from "./rotate-secret.js";
import { runRemindersCommand } from "./tournament-reminders-command.js";
import { runTierRolesCommand, suggestTiers } from "./tier-roles-command.js";
import { arrivalWindowMs, chooseTestKind, testGuildWebhook } from "./test-webhook.js";
import { callOwnWebhook } from "./webhook-ownership.js";

/**
 * `/setup webhook register|test|deliveries|rotate-secret`, `/setup roles create|map|sync|off`, `/setup status`,
 * `/setup admin-channel` (docs/architecture.md, "Commands", "Managing the platform webhook", "Tier roles").
 * Webhook calls use the admin's own linked credential.
 */
export const setup = defineCommand<BotDependencies, typeof setupCommand>({
  data: setupCommand,
  acknowledge: "ephemeral",
  async autocomplete(deps, { subcommand, focused }) {
    return subcommand === "map" && focused.name === "tier" ? suggestTiers(deps, focused.value) : [];
  },
  async run(deps, { actor, args, responder, interaction }) {
    const reply = async (content: string) => responder.reply({ content, ephemeral: true });
    if (args.group === "roles") {
      await runTierRolesCommand(deps, { actor, interactionId: interaction.id, responder }, args);
      return;
    }
    if (args.group === "reminders") {
      await reply(await runRemindersCommand(deps, actor, args));
      return;
    }
    if (args.group === undefined) {
      if (args.subcommand === "status") {
        const status = await readSetupStatus(deps, actor.guildId);
        await responder.reply(renderSetupStatus(status, deps.clock.now()));
      } else {
        await reply(await configureAdminChannel(deps, actor, args.options));
      }
      return;
    }

    const { link, credential } = await getMemberSession(deps, actor);
    if (args.subcommand === "register") {
      const outcome = await registerGuildWebhook(deps, { guildId: actor.guildId, credential });
      await responder.reply(renderRegisterOutcome(outcome, link.platformUsername));
      return;
    }
    const endpoint = await requireRegisteredEndpoint(deps, actor.guildId);
    const owned = { platformWebhookId: endpoint.platformWebhookId, platformUsername: link.platformUsername };
    switch (args.subcommand) {
      case "test": {
        const asked = args.options.event;
        const kind = chooseTestKind(
          asked !== undefined && isEventKind(asked) ? asked : undefined,
          endpoint.eventKinds,
        );
        await responder.showProgress(renderTestProgress(kind));
        const onAccepted = async (url: string) => {
          await responder.showProgress(renderTestWaiting(kind, url, arrivalWindowMs));
        };
        const result = await callOwnWebhook(owned, () =>
          testGuildWebhook(deps, { endpoint, credential, kind, onAccepted }),
        );
        await responder.editOriginal(renderTestResult(result));
        return;
      }
      case "deliveries": {
        await responder.showProgress(renderDeliveriesProgress(endpoint.platformWebhookId));
        const [deliveries, failed] = await callOwnWebhook(owned, () =>
          Promise.all([
            listDeliveries(deps.platform, credential, endpoint.platformWebhookId),
            listFailedDeliveries(deps.platform, credential, endpoint.platformWebhookId),
          ]),
        );
        await responder.editOriginal(
          renderDeliveries({ platformWebhookId: endpoint.platformWebhookId, deliveries, failed }),
        );
        return;
      }
      case "rotate-secret": {
        // Not callOwnWebhook: a webhook this account cannot update is replaced by a new one (rotate-secret.ts).
        const outcome = await rotateGuildWebhookSecret(deps, { endpoint, credential });
        await responder.reply(renderRotationOutcome(outcome, link.platformUsername));
        return;
      }
    }
  },
});
