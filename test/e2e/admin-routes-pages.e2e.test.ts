// /subscriptions in a server with more routes than one embed holds: every route is reached with ◀ ▶
// (docs/architecture.md, "Commands": lists page with ◀ ▶ buttons). The reply is ephemeral: only the admin who
// asked sees it and its buttons.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredMessage } from "../../fake-discord/index.js";
import { eventKinds } from "../../src/events/event-kinds.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { buttonLabelled, buttons } from "./support/message-parts.js";

describe("/subscriptions with many routes, end to end", () => {
  let world: EndToEnd;
  const channelIds: string[] = [];
  const at = () => ({ guildId: world.guildId, channelId: world.channelId });
  const mentionsIn = (message: StoredMessage) => message.embeds[0]?.description?.match(/<#\d+>/g) ?? [];

  beforeAll(async () => {
    world = await startEndToEnd();
    // 60 channels, each with every kind and a tournament filter: several embeds' worth of routes.
    for (let index = 0; index < 60; index += 1) {
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
