// `/setup webhook deliveries` (docs/architecture.md, "Managing the platform webhook"): the platform's recent and
// failed deliveries of this server's webhook.
import { listDeliveries, listFailedDeliveries } from "../../../../api/webhooks.js";
import type { BotDependencies } from "../../../bot-dependencies.js";
import { renderDeliveries, renderDeliveriesProgress } from "../../render-deliveries.js";
import type { SubcommandContext } from "../../setup-arguments.js";
import { openWebhookSession } from "../../webhook-session.js";
import { callOwnWebhook } from "../../webhook-ownership.js";

export async function runWebhookDeliveries(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
): Promise<void> {
  const { credential, endpoint, owned } = await openWebhookSession(deps, actor);
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
}
