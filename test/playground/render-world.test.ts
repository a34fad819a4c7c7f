// The terminal's `threads` and `events` lines: what a member reads at the prompt, with platform text kept to
// one line and no control character reaching the terminal.
import { describe, expect, it } from "vitest";
import { renderEvents, renderThreads } from "../../playground/render-world.js";
import type { EventView } from "../../playground/web/event-view.js";
import type { ThreadView } from "../../playground/web/thread-view.js";

const thread = (fields: Partial<ThreadView>): ThreadView => ({
  id: "400",
  parentId: "10",
  name: "⚔️ Two Sum · bat_1",
  archived: false,
  locked: false,
  messageCount: 0,
  lastMessageAt: null,
  ...fields,
});

const event = (fields: Partial<EventView>): EventView => ({
  id: "500",
  name: "Weekly Sprint #42",
  description: null,
  startsAt: Date.UTC(2026, 10, 30, 18, 0),
  endsAt: Date.UTC(2026, 10, 30, 20, 0),
  location: "Register in Discord: /tournament register id:trn_1",
  status: "scheduled",
  interested: 2,
  youAreInterested: false,
  ...fields,
});

const channelName = (id: string | null) => (id === "10" ? "general" : "announcements");

describe("the terminal's threads and events", () => {
  it("numbers the threads t1, t2 … with their channel, message count and state", () => {
    const text = renderThreads(
      [
        thread({ messageCount: 1 }),
        thread({ id: "401", parentId: "11", name: "Result", messageCount: 3, archived: true }),
        thread({ id: "402", name: "Closed", archived: true, locked: true }),
      ],
      channelName,
    );
    expect(text).toBe(
      [
        "Threads (read one with: posts t<n>):",
        "[t1] 🧵 ⚔️ Two Sum · bat_1 · in #general · 1 message · open",
        "[t2] 🧵 Result · in #announcements · 3 messages · archived",
        "[t3] 🧵 Closed · in #general · 0 messages · archived, locked",
      ].join("\n"),
    );
  });

  it("lists the events soonest first as given, with their times, place and interest", () => {
    const text = renderEvents([
      event({}),
      event({ name: "Open", endsAt: null, location: null, status: "active" }),
    ]);
    expect(text).toBe(
      [
        "Events, soonest first:",
        "📅 Weekly Sprint #42 · scheduled · 2026-11-30 18:00 → 2026-11-30 20:00 · at Register in Discord: /tournament register id:trn_1 · 2 interested",
        "📅 Open · active · 2026-11-30 18:00 · 2 interested",
      ].join("\n"),
    );
  });

  it("keeps a hostile name on one line, with no control character for the terminal to act on", () => {
    const threads = renderThreads([thread({ name: "Evil\u001b[2J\nSecond line\u2028third" })], channelName);
    const events = renderEvents([event({ name: "Cup\u001b]0;owned\u0007", location: "Hall\r\nB" })]);
    for (const text of [threads, events])
      expect(text.replace(/\n/g, "")).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
    expect(threads.split("\n")).toHaveLength(2);
    expect(threads).toContain("Evil [2J Second line third");
    expect(events.split("\n")).toHaveLength(2);
    expect(events).toContain("📅 Cup ]0;owned  · scheduled");
    expect(events).toContain("at Hall B ·");
  });

  it("says how to get threads and events when there are none", () => {
    expect(renderThreads([], channelName)).toBe(
      "No threads yet: a battle card or a posted result starts one.",
    );
    expect(renderEvents([])).toBe(
      "No events in the Events tab: an admin runs /setup events on to list open tournaments there.",
    );
  });
});
