import { PermissionFlagsBits } from "discord-api-types/v10";
import type { BotDependencies } from "../bot-dependencies.js";
import type { Actor } from "../../discord/interaction-handlers.js";
import type { PaginatedList } from "../../discord/pagination.js";
import { hasPermissions } from "../../discord/read-actor.js";
import { requireServer } from "../../discord/require-server.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { listGuildSubscriptions } from "../../store/subscriptions.js";
import { describeFeedGap } from "../subscribe/render-subscribe-outcome.js";
import { readWebhookFeed } from "../subscribe/webhook-feed.js";
import { renderSubscriptionPage } from "./render-subscription-list.js";

/**
 * The pages of `/subscriptions`, read again at each press. A press is an admin's act too: the member must still
 * hold Manage Server, as the dispatcher checks for the command itself (docs/architecture.md, "Commands").
 */
export const subscriptionListPages: PaginatedList<BotDependencies> = {
  name: "subscriptions",
  async renderPage(deps, { actor, page }) {
    const guildId = requireServer(actor);
    refuseNonAdmin(actor);
    const routes = await listGuildSubscriptions(deps.db, guildId);
    const feed = await readWebhookFeed(deps, guildId);
    const kinds = routes.flatMap((route) => route.eventKinds);
    return renderSubscriptionPage(routes, describeFeedGap(feed, kinds), page);
  },
};

function refuseNonAdmin(actor: Actor): void {
  if (!hasPermissions(actor, PermissionFlagsBits.ManageGuild.toString())) {
    throw new UserFacingError("missing_permissions", "You need Manage Server to see this server's routes.");
  }
}
