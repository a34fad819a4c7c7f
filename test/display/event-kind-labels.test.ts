import { describe, expect, it } from "vitest";
import { describeEventKinds, eventKindLabels, sortEventKinds } from "../../src/display/event-kind-labels.js";
import { eventKinds } from "../../src/events/event-kinds.js";

describe("describeEventKinds", () => {
  it("names kinds by their labels, and the whole list as all events", () => {
    expect(describeEventKinds(["user.rating_changed", "battle.completed"])).toBe(
      "Battle results, Rating changes",
    );
    expect(describeEventKinds(eventKinds)).toBe("all events");
    expect(describeEventKinds([])).toBe("no events");
  });
});

describe("sortEventKinds", () => {
  it("puts kinds in the order of the one list and drops repeats", () => {
    expect(sortEventKinds(["user.rating_changed", "battle.created", "user.rating_changed"])).toEqual([
      "battle.created",
      "user.rating_changed",
    ]);
  });
});

describe("eventKindLabels", () => {
  it("gives every kind its own label", () => {
    const labels = eventKinds.map((kind) => eventKindLabels[kind]);
    expect(new Set(labels).size).toBe(eventKinds.length);
  });
});
