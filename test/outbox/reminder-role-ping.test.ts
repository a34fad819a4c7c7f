// docs/architecture.md, "Posting" and "Tournament reminders": a reminder queued in a channel beside
// announcements may go out in one message with them, and that message pings the reminder's role as the
// reminder alone would have.
import { beforeEach, describe, expect, it } from "vitest";
import type { RenderOutboxEntry } from "../../src/outbox/index.js";
import { reminderSource } from "../../src/store/tournament-reminders.js";
import { testDatabases } from "../store/databases.js";
import { useOutboxWorld } from "./support/outbox-world.js";
import { renderTestAnnouncement } from "./support/test-renderer.js";

describe.each(testDatabases())("a reminder among a channel's queued posts, on $name", (database) => {
  const world = useOutboxWorld(database);
  // A role anyone may mention, so the fake Discord, which checks a role ping as Discord does, pings it.
  let reminderRole = "";
  beforeEach(() => {
    reminderRole = world.fake.roles.create(world.guild.id, { name: "Reminders", mentionable: true }).id;
  });

  /** The test renderer, with a reminder's row rendered as reminder-post.ts does: its role in the content and beside the body. */
  const render: RenderOutboxEntry = async (entry) => {
    const message = await renderTestAnnouncement(world.db)(entry);
    if (entry.source !== reminderSource || message === undefined) return message;
    return { ...message, content: `<@&${reminderRole}> starts soon`, roleToPing: reminderRole };
  };

  it.each([
    ["behind an announcement", ["announcement", "reminder"]],
    ["ahead of an announcement", ["reminder", "announcement"]],
  ])("pings its role when it goes out %s in one message", async (_order, order) => {
    const target = await world.subscribeChannel("tournaments");
    for (const kind of order) {
      if (kind === "reminder")
        await world.enqueueReminderPost(target.channelId, { title: "Cup", asEmbed: true });
      else await world.enqueuePost(target, { title: "Battle", asEmbed: true });
      world.clock.advance(1);
    }

    await world.createWorker({ render }).runOnce();

    const messages = world.fake.messages(target.channelId);
    const reminder = messages.find((message) => message.content.includes(`<@&${reminderRole}>`));
    expect(reminder?.embeds.map((embed) => embed.title).sort()).toEqual(["Battle", "Cup"]);
    expect(reminder?.allowedMentions?.roles).toEqual([reminderRole]);
    expect(reminder?.mentionedRoleIds).toEqual([reminderRole]);
  });
});
