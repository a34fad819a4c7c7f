// The server's threads and scheduled events as terminal text, for `threads` and `events`: the same views the
// page draws (web/thread-view.ts, web/event-view.ts), one line each. Names come from the bot, which takes
// them from the platform, so each is cut to one line of text.
import type { EventView } from "./web/event-view.js";
import type { ThreadView } from "./web/thread-view.js";

/** A thread's handle at the prompt: `t1` is the server's first thread (`posts t1`, `wait-post t1 …`). */
export const threadHandle = (index: number): string => `t${index + 1}`;

export function renderThreads(
  threads: readonly ThreadView[],
  channelName: (channelId: string | null) => string,
): string {
  if (threads.length === 0) return "No threads yet: a battle card or a posted result starts one.";
  const lines = threads.map((thread, index) => {
    const state = thread.locked ? "archived, locked" : thread.archived ? "archived" : "open";
    const count = `${thread.messageCount} message${thread.messageCount === 1 ? "" : "s"}`;
    return `[${threadHandle(index)}] 🧵 ${oneLine(thread.name)} · in #${channelName(thread.parentId)} · ${count} · ${state}`;
  });
  return ["Threads (read one with: posts t<n>):", ...lines].join("\n");
}

export function renderEvents(events: readonly EventView[]): string {
  if (events.length === 0)
    return "No events in the Events tab: an admin runs /setup events on to list open tournaments there.";
  const lines = events.map((event) => {
    const ends = event.endsAt === null ? "" : ` → ${showTime(event.endsAt)}`;
    const where = event.location === null ? "" : ` · at ${oneLine(event.location)}`;
    return `📅 ${oneLine(event.name)} · ${event.status} · ${showTime(event.startsAt)}${ends}${where} · ${event.interested} interested`;
  });
  return ["Events, soonest first:", ...lines].join("\n");
}

function showTime(at: number): string {
  return new Date(at).toISOString().replace("T", " ").slice(0, 16);
}

/** Text on one line, with no control character a terminal would act on. */
export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");
}
