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

describe("readActivityFacts on a tier change", () => {
  const tierChange = (previousTier: string, tier: string, change: number | undefined) =>
    readActivityFacts(
      readEvent("user.rating_changed", {
        user: { id: "usr_ada", username: "ada" },
        new_rating: 1400,
        ...(change === undefined ? {} : { change }),
        previous_tier: previousTier,
        tier,
      }),
    )[0];

  it("counts a promotion only for a move upwards the event shows", () => {
    expect(tierChange("gold", "platinum", 0)).toMatchObject({ promotedTo: "platinum" });
    expect(tierChange("novice", "adept", 12)).toMatchObject({ promotedTo: "adept" });
  });

  it("counts no promotion for a demotion without a rating change, or a move it cannot tell", () => {
    expect(tierChange("gold", "silver", undefined)).toMatchObject({ kind: "rating", promotedTo: null });
    expect(tierChange("gold", "silver", 0)).toMatchObject({ kind: "rating", promotedTo: null });
    expect(tierChange("adept", "novice", undefined)).toMatchObject({ kind: "rating", promotedTo: null });
  });

  it("keeps the tier every change left the member in, whichever way it went", () => {
    expect(tierChange("gold", "silver", -40)).toMatchObject({ promotedTo: null, tierAfter: "silver" });
    expect(tierChange("gold", "platinum", 30)).toMatchObject({
      promotedTo: "platinum",
      tierAfter: "platinum",
    });
    expect(tierChange("gold", "gold", 5)).toMatchObject({ promotedTo: null, tierAfter: "gold" });
  });

  it("keeps the tier the member was in before the change", () => {
    expect(tierChange("gold", "silver", -40)).toMatchObject({ tierBefore: "gold", tierAfter: "silver" });
    expect(tierChange("silver", "gold", 40)).toMatchObject({ tierBefore: "silver", promotedTo: "gold" });
  });
});
