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

/** Lines in pages of at most `maxLength` characters each once joined with newlines; at least one page. */
export function pageLines(lines: readonly string[], maxLength: number): string[][] {
  const pages: string[][] = [];
  let page: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (page.length > 0 && length + 1 + line.length > maxLength) {
      pages.push(page);
      page = [];
    }
    length = page.length === 0 ? line.length : length + 1 + line.length;
    page.push(line);
  }
  pages.push(page);
  return pages;
}

const footer = "Add or resume with /subscribe · remove with /unsubscribe · health in /setup status";

/**
 * One page (0-based) of `/subscriptions`: the guild's routes with their status, as many as one embed holds, so
 * every route can be reached with ◀ ▶ (docs/architecture.md, "Commands"). A page past the end shows the last,
 * and `page` says which was shown.
 */
export function renderSubscriptionPage(
  subscriptions: readonly Subscription[],
  feedNote: string | undefined,
  page: number,
): { readonly reply: Reply; readonly hasMore: boolean; readonly page: number } {
  const note = feedNote === undefined ? "" : `${feedNote}\n\n`;
  if (subscriptions.length === 0) {
    return {
      hasMore: false,
      page: 0,
      reply: {
        ephemeral: true,
        content: `${note}This server has no subscriptions yet. Start with \`/subscribe channel:#announcements\`.`,
      },
    };
  }
  const budget = discordLimits.embedDescription - note.length;
  const pages = pageLines(subscriptions.map(describeRoute), budget);
  const index = Math.min(Math.max(0, page), pages.length - 1);
  return {
    hasMore: index < pages.length - 1,
    page: index,
    reply: {
      ephemeral: true,
      embeds: [
        {
          title: `Announcement routes: ${countRouteStatuses(subscriptions)}`,
          // fitLines only guards a single route longer than a page, which describeRoute never makes.
          description: note + fitLines(pages[index] ?? [], budget),
          footer: { text: pages.length === 1 ? footer : `Page ${index + 1} of ${pages.length} · ${footer}` },
        },
      ],
    },
  };
}

/** `/subscriptions`' first page. */
export function renderSubscriptionList(
  subscriptions: readonly Subscription[],
  feedNote: string | undefined,
): Reply {
  return renderSubscriptionPage(subscriptions, feedNote, 0).reply;
}
