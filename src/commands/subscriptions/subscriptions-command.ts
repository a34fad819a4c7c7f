import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { listGuildSubscriptions } from "../../store/subscriptions.js";
import { describeFeedGap } from "../subscribe/render-subscribe-outcome.js";
import { readWebhookFeed } from "../subscribe/webhook-feed.js";
import { subscriptionsCommand } from "./data.js";
import { renderSubscriptionList } from "./render-subscription-list.js";

/** `/subscriptions`: this guild's routes with their status (docs/architecture.md, "Commands"). */
export const subscriptions = defineCommand<BotDependencies, typeof subscriptionsCommand>({
  data: subscriptionsCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, responder }) {
    const routes = await listGuildSubscriptions(deps.db, actor.guildId);
    const feed = await readWebhookFeed(deps, actor.guildId);
    const kinds = routes.flatMap((route) => route.eventKinds);
    await responder.reply(renderSubscriptionList(routes, describeFeedGap(feed, kinds)));
  },
});
