// Tier roles follow each member's rating change (docs/architecture.md, "Tier roles"): on a server fed by its
// own webhook, one registered before roles were turned on, or for routes that take no rating change, never
// sends them, and every sync would keep each member's role of the day they linked. The admin who turns roles
// on is told how to get them.
import type { BotDependencies } from "../bot-dependencies.js";
import { describeFeedGap } from "../subscribe/render-subscribe-outcome.js";
import { readWebhookFeed } from "../subscribe/webhook-feed.js";
import { tierRoleKinds } from "./webhook-kinds.js";

/** A line for the answer when no webhook sends this server rating changes; undefined when one does. */
export async function describeTierRoleFeedGap(
  deps: BotDependencies,
  guildId: string,
): Promise<string | undefined> {
  const gap = describeFeedGap(await readWebhookFeed(deps, guildId), tierRoleKinds);
  return gap === undefined ? undefined : `⚠️ Tier roles follow rating changes as they arrive. ${gap}`;
}

/** `answer`, with that line after it when there is one. */
export async function withTierRoleFeedGap(
  deps: BotDependencies,
  guildId: string,
  answer: string,
): Promise<string> {
  const gap = await describeTierRoleFeedGap(deps, guildId);
  return gap === undefined ? answer : `${answer}\n\n${gap}`;
}
