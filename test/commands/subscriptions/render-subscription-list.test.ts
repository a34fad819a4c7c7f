import { describe, expect, it } from "vitest";
import {
  renderSubscriptionList,
  renderSubscriptionPage,
} from "../../../src/commands/subscriptions/render-subscription-list.js";
import type { Subscription } from "../../../src/store/subscriptions.js";

function route(index: number, overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: `sub_${index}`,
    guildId: "100000000000000001",
    channelId: `300000000000000${String(index).padStart(3, "0")}`,
    eventKinds: ["battle.completed"],
    filters: {},
    status: "active",
    statusReason: null,
    createdBy: "200000000000000001",
    createdAt: index,
    updatedAt: index,
    ...overrides,
  };
}

describe("renderSubscriptionList", () => {
  it("lists each route with its status and the reason it is paused or disabled", () => {
    const reply = renderSubscriptionList(
      [
        route(1, { filters: { linkedOnly: true } }),
        route(2, { status: "paused", statusReason: "403 Missing Permissions (50013)" }),
        route(3, { status: "disabled", statusReason: "404 Unknown Channel" }),
      ],
      undefined,
    );
    const embed = reply.embeds?.[0];
    expect(reply.ephemeral).toBe(true);
    expect(embed?.title).toBe("Announcement routes: 1 active · 1 paused · 1 disabled");
    expect(embed?.description).toContain(
      "<#300000000000000001> · 🟢 active\n  Battle results · filters: linked members only",
    );
    expect(embed?.description).toContain("⏸️ paused (403 Missing Permissions (50013))");
    expect(embed?.description).toContain("⛔ disabled (404 Unknown Channel)");
  });

  // This replaces a test that expected a long list cut with "…and N more": the routes past the cut could not be
  // seen at all. Each page now holds what fits, and the pages hold every route.
  it("pages a long list between routes, each page within the embed description limit", () => {
    const routes = Array.from({ length: 200 }, (_, index) =>
      route(index, { eventKinds: ["battle.created"] }),
    );
    const note = "No platform webhook feeds this server yet.";
    const pages = [];
    for (let page = 0; ; page += 1) {
      const { reply, hasMore } = renderSubscriptionPage(routes, note, page);
      pages.push(reply.embeds?.[0]);
      if (!hasMore) break;
    }
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, embed] of pages.entries()) {
      expect(embed?.description?.length).toBeLessThanOrEqual(4096);
      expect(embed?.description).toMatch(/^No platform webhook feeds this server yet\.\n\n<#/);
      expect(embed?.footer?.text).toMatch(new RegExp(`^Page ${index + 1} of ${pages.length} · `));
    }
    const shown = pages.flatMap((embed) => embed?.description?.match(/<#\d+>/g) ?? []);
    expect(shown).toEqual(routes.map((item) => `<#${item.channelId}>`));
    // A page asked for past the end (routes removed since) shows the last one.
    expect(renderSubscriptionPage(routes, note, 99).reply.embeds?.[0]).toEqual(pages.at(-1));
  });

  it("suggests /subscribe when there are no routes", () => {
    expect(renderSubscriptionList([], undefined).content).toMatch(/no subscriptions yet.*\/subscribe/);
  });
});
