// The summary Discord draws under a message that started a thread: the thread's name, how many messages it
// holds, "Archived" once archived, and when its last message was posted; pressing it opens the thread.
import { el } from "./api.js";
import { drawTimestamp } from "./markdown.js";

/** `thread`: a message's `thread` view; `onOpen(threadId)` opens the thread; `open`: it is open now. */
export function drawThreadSummary(thread, onOpen, open) {
  const count = `${thread.messageCount} ${thread.messageCount === 1 ? "message" : "messages"}`;
  return el(
    "button",
    {
      type: "button",
      class: `thread-summary${thread.archived ? " archived" : ""}`,
      id: `thread-summary-${thread.id}`,
      "data-focus-key": `thread-${thread.id}`,
      "aria-controls": "thread-panel",
      "aria-expanded": String(open),
      onclick: () => onOpen(thread.id),
    },
    el("span", { class: "thread-icon", "aria-hidden": "true" }, "🧵 "),
    el("span", { class: "thread-name" }, thread.name),
    el("span", { class: "thread-count" }, count),
    thread.archived ? el("span", { class: "thread-archived" }, "Archived") : null,
    thread.lastMessageAt === null
      ? null
      : el(
          "span",
          { class: "thread-last" },
          "Last message ",
          drawTimestamp(Math.floor(thread.lastMessageAt / 1000), "R"),
        ),
  );
}
