// /subscriptions in a server with more routes than one embed holds: every route is reached with ◀ ▶
// (docs/architecture.md, "Commands": lists page with ◀ ▶ buttons). The reply is ephemeral: only the admin who
// asked sees it and its buttons.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredMessage } from "../../fake-discord/index.js";
import { eventKinds } from "../../src/events/event-kinds.js";
import {
  createSubscription,
  deleteSubscription,
  listGuildSubscriptions,
} from "../../src/store/subscriptions.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { buttonLabelled, buttons } from "./support/message-parts.js";

describe("/subscriptions with many routes, end to end", () => {
  let world: EndToEnd;
  const channelIds: string[] = [];
  const at = () => ({ guildId: world.guildId, channelId: world.channelId });
  const mentionsIn = (message: StoredMessage) => message.embeds[0]?.description?.match(/<#\d+>/g) ?? [];

  // `count` more channels, each with every kind and a tournament filter: 60 are several embeds' worth of routes.
  async function addRoutes(count: number): Promise<void> {
    for (let added = 0; added < count; added += 1) {
      const index = channelIds.length;
      const channel = world.discord.createChannel(world.guildId, { name: `results-${index}` });
      channelIds.push(channel.id);
      await createSubscription(world.bot.deps.db, {
        guildId: world.guildId,
        channelId: channel.id,
        eventKinds,
        filters: { tournamentId: `trn_${"x".repeat(40)}${index}`, difficulty: "hard" },
        createdBy: world.members.admin.id,
        now: index,
      });
    }
  }

  beforeAll(async () => {
    world = await startEndToEnd();
    await addRoutes(60);
  });
  afterAll(async () => {
    await world.close();
  });

  it("shows every route across pages with ◀ ▶", async () => {
    const admin = world.members.admin.id;
    const first = await world.discord
      .runCommand({ ...at(), userId: admin, name: "subscriptions" })
      .waitForFinal();
    expect(first.embeds[0]?.title).toBe("Announcement routes: 60 active");
    expect(first.embeds[0]?.footer?.text).toMatch(/^Page 1 of \d+ · /);
    expect(buttonLabelled(first, "◀").disabled).toBe(true);

    const seen = [...mentionsIn(first)];
    let page = first;
    while (buttonLabelled(page, "▶").disabled !== true) {
      page = await world.discord
        .pressButton({ message: page, customId: buttonLabelled(page, "▶").custom_id, userId: admin })
        .waitForFinal();
      expect(page.embeds[0]?.description?.length).toBeLessThanOrEqual(4096);
      seen.push(...mentionsIn(page));
    }
    expect(seen).toEqual(channelIds.map((id) => `<#${id}>`));
  });

  it("turns the pages from the last page shown when routes went since the page asked for", async () => {
    await addRoutes(60);
    const admin = world.members.admin.id;
    const first = await world.discord
      .runCommand({ ...at(), userId: admin, name: "subscriptions" })
      .waitForFinal();
    const second = await world.discord
      .pressButton({ message: first, customId: buttonLabelled(first, "▶").custom_id, userId: admin })
      .waitForFinal();
    expect(second.embeds[0]?.footer?.text).toMatch(/^Page 2 of [3-9] · /);
    // Routes go meanwhile until two pages hold them all: the first page's and one more.
    const routes = await listGuildSubscriptions(world.bot.deps.db, world.guildId);
    for (const route of routes.slice(mentionsIn(first).length + 1)) {
      await deleteSubscription(world.bot.deps.db, route);
    }

    const last = await world.discord
      .pressButton({ message: second, customId: buttonLabelled(second, "▶").custom_id, userId: admin })
      .waitForFinal();
    expect(last.embeds[0]?.footer?.text).toMatch(/^Page 2 of 2 · /);
    expect(buttons(last).map((button) => button.label)).toEqual(["◀", "Page 2", "▶"]);
    expect(buttonLabelled(last, "▶").disabled).toBe(true);
    const back = await world.discord
      .pressButton({ message: last, customId: buttonLabelled(last, "◀").custom_id, userId: admin })
      .waitForFinal();
    expect(back.embeds[0]?.footer?.text).toMatch(/^Page 1 of 2 · /);
  });

  it("shows a list that fits one page without page buttons", async () => {
    const one = await startEndToEnd();
    try {
      const channel = one.discord.createChannel(one.guildId, { name: "results" });
      await one.discord
        .runCommand({
          guildId: one.guildId,
          channelId: one.channelId,
          userId: one.members.admin.id,
          name: "subscribe",
          options: { channel: channel.id },
        })
        .waitForFinal();
      const list = await one.discord
        .runCommand({
          guildId: one.guildId,
          channelId: one.channelId,
          userId: one.members.admin.id,
          name: "subscriptions",
        })
        .waitForFinal();
      expect(list.embeds[0]?.description).toContain(`<#${channel.id}>`);
      expect(buttons(list)).toEqual([]);
    } finally {
      await one.close();
    }
  });
});
