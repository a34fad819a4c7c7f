import type { Reply } from "../../discord/interaction-responder.js";
import { discordLimits } from "../../discord/discord-limits.js";
import type { Subscription, SubscriptionStatus } from "../../store/subscriptions.js";
import { fitLines } from "../../display/fit-lines.js";
import { describeRoute } from "../subscribe/describe-route.js";

/** "2 active · 1 paused", naming only the statuses present. */
export function countRouteStatuses(subscriptions: readonly Subscription[]): string {
  const order: readonly SubscriptionStatus[] = ["active", "paused", "disabled"];
  return order
    .map((status) => [status, subscriptions.filter((item) => item.status === status).length] as const)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`)
    .join(" · ");
}

/** `/subscriptions`: every route of the guild with its status; a long list is cut between routes. */
export function renderSubscriptionList(
  subscriptions: readonly Subscription[],
  feedNote: string | undefined,
): Reply {
  const note = feedNote === undefined ? "" : `${feedNote}\n\n`;
  if (subscriptions.length === 0) {
    return {
      ephemeral: true,
      content: `${note}This server has no subscriptions yet. Start with \`/subscribe channel:#announcements\`.`,
    };
  }
  const routes = subscriptions.map(describeRoute);
  return {
    ephemeral: true,
    embeds: [
      {
        title: `Announcement routes: ${countRouteStatuses(subscriptions)}`,
        description: note + fitLines(routes, discordLimits.embedDescription - note.length),
        footer: {
          text: "Add or resume with /subscribe · remove with /unsubscribe · health in /setup status",
        },
      },
    ],
  };
}
