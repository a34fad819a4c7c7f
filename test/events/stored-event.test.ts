import { describe, expect, it } from "vitest";
import { readStoredEvent } from "../../src/events/stored-event.js";

// What an inbox row holds once normaliseEvent's event went through JSON.
const stored = {
  id: "evt_1",
  kind: "team.created",
  rawKind: "team.created",
  createdAt: Date.UTC(2026, 10, 21, 10),
  form: "standard",
  data: { teamId: "team_1", name: "Owls" },
};

describe("readStoredEvent", () => {
  it("keeps a stored test event's mark", () => {
    expect(readStoredEvent({ ...stored, test: true }).test).toBe(true);
  });

  it("reads a row stored before test deliveries were told apart as a real event", () => {
    expect(readStoredEvent(stored)).toMatchObject({ id: "evt_1", test: false, request: undefined });
  });
});
