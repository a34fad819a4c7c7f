// A test delivery of any kind is posted labelled as a test, naming players by platform username only, with no
// ping and no button (docs/platform-assumptions.md, "Test deliveries"), even where every player is linked.
import { describe, expect, it } from "vitest";
import { renderEvent } from "../../src/announcements/render-event.js";
import { testEventLabel } from "../../src/announcements/test-event.js";
import { eventKinds } from "../../src/events/event-kinds.js";
import { createSandboxWorld, linkEveryone, readEvent } from "./support/events.js";
import { expectWithinDiscordLimits } from "./support/message-checks.js";

describe("a test delivery's post", () => {
  const world = createSandboxWorld();
  const mentions = linkEveryone(world.users.map((user) => user.id));

  it.each(eventKinds)("labels a test %s and mentions, pings and offers nothing", (kind) => {
    const body = renderEvent(readEvent(kind, world.data(kind, { test: true })), { mentions });
    const label = body.embeds?.[0]?.author?.name ?? body.content?.split("\n")[0];
    expect(label).toBe(testEventLabel);
    expect(body.allowed_mentions).toEqual({ parse: [], users: [], roles: [] });
    expect(JSON.stringify(body)).not.toMatch(/<@[!&]?\d+>/);
    expect(body.components).toBeUndefined();
    expectWithinDiscordLimits(body);
  });

  it("names the players a real result would mention by their platform usernames", () => {
    const data = world.data("battle.completed");
    const real = renderEvent(readEvent("battle.completed", data), { mentions });
    const test = renderEvent(readEvent("battle.completed", { ...data, test: true }), { mentions });
    expect(real.content).toMatch(/^<@\d+> <@\d+>$/);
    expect(real.embeds?.[0]?.author).toBeUndefined();
    const [first, second] = world.users;
    expect(test.embeds?.[0]?.description).toContain(first?.username);
    expect(test.embeds?.[0]?.description).toContain(second?.username);
    expect(test.content).toBeUndefined();
  });
});
