import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { paginationRow } from "../../discord/pagination.js";
import { subscriptionsCommand } from "./data.js";
import { subscriptionListPages } from "./subscription-list-pages.js";

/**
 * `/subscriptions`: this guild's routes with their status (docs/architecture.md, "Commands"), with ◀ ▶ when
 * they take more than one page.
 */
export const subscriptions = defineCommand<BotDependencies, typeof subscriptionsCommand>({
  data: subscriptionsCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, responder }) {
    const { reply, hasMore } = await subscriptionListPages.renderPage(deps, { actor, query: "", page: 0 });
    if (!hasMore) return responder.reply(reply);
    const buttons = paginationRow(subscriptionListPages.name, actor.userId, 0, true);
    return responder.reply({ ...reply, components: [buttons] });
  },
});
