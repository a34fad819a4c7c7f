import { describe, expect, it } from "vitest";
import { activityEventKinds } from "../../src/events/activity-kinds.js";
import { eventKinds } from "../../src/events/event-kinds.js";
import { readActivityFacts } from "../../src/store/member-activity-facts.js";
import { createSandboxWorld, readEvent } from "../announcements/support/events.js";

describe("readActivityFacts", () => {
  const world = createSandboxWorld();

  it.each(eventKinds)("reads facts from %s exactly when it is one of the digest's sources", (kind) => {
    const facts = readActivityFacts(readEvent(kind, world.data(kind)));
    expect(facts.length > 0).toBe((activityEventKinds as readonly string[]).includes(kind));
  });
});
