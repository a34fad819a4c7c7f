// A thread's messages in a panel beside the channel, as Discord opens one from the summary under the message
// that started it (thread-summary.js): drawn by the same renderer as the channel's, kept current by the live
// stream (live-list.js says how the two meet).
import { callApi, el } from "./api.js";
import {
  keepFocusInSight,
  removeKeepingFocus,
  replaceChildrenKeepingFocus,
  replaceKeepingFocus,
} from "./focus.js";
import { createLiveList } from "./live-list.js";
import { drawMessage } from "./message.js";
import { drawThreadSummary } from "./thread-summary.js";

/** The open thread's id, if one is open. */
let openId = null;
/**
 * Each thread's latest summary from the live stream, by the id it shares with its message: a message drawn
 * again from a view read before its thread started (an edit crossing the thread's start) keeps its summary.
 */
const summaries = new Map();
/** The names and actions drawMessage takes (setUpThreadPanel). */
let context = null;
/** The open thread's messages: its read and the live stream's changes (live-list.js). */
const live = createLiveList(applyMessageChange);

const panel = () => document.getElementById("thread-panel");
const list = () => document.getElementById("thread-messages");
const summaryKey = (threadId) => `thread-${threadId}`;

/** Sets the panel up: its close button, and Escape inside it. `world` and `actions` as for drawMessage. */
export function setUpThreadPanel(world, actions) {
  context = { world, actions };
  document.getElementById("thread-close").addEventListener("click", closeThread);
  panel().addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || document.getElementById("modal").open) return;
    event.preventDefault();
    event.stopPropagation();
    closeThread();
  });
}

/** Opens the thread's messages as `member` sees them; focus moves to the panel unless `keepFocus`. */
export async function openThread(threadId, member, { keepFocus = false } = {}) {
  openId = threadId;
  const drawn = await live.drawRead(
    () =>
      Promise.all([
        callApi(`/api/threads/${threadId}`),
        callApi(`/api/channels/${threadId}/messages?member=${encodeURIComponent(member)}`),
      ]),
    ([thread, messages]) => {
      // Closed, or another thread opened, while it was read: nothing to draw.
      if (openId !== threadId) return;
      drawHeader(thread);
      const drawn =
        messages.length === 0
          ? [el("li", { class: "thread-empty" }, "No messages yet.")]
          : messages.map(drawInThread);
      replaceChildrenKeepingFocus(list(), drawn, () => document.getElementById("thread-title"));
    },
  );
  if (!drawn || openId !== threadId) return;
  panel().hidden = false;
  document.querySelector("main.chat").classList.add("with-thread");
  markExpanded();
  list().scrollTop = list().scrollHeight;
  keepFocusInSight(list());
  if (!keepFocus) document.getElementById("thread-title").focus();
}

export function closeThread() {
  if (openId === null) return;
  const key = summaryKey(openId);
  const hadFocus = panel().contains(document.activeElement);
  openId = null;
  panel().hidden = true;
  document.querySelector("main.chat").classList.remove("with-thread");
  markExpanded();
  if (hadFocus) {
    const summary = document.querySelector(`[data-focus-key="${key}"]`);
    (summary ?? document.getElementById("composer-input")).focus();
  }
}

/** The open thread's id, or null. */
export const openThreadId = () => openId;

/** The latest summary the live stream gave of the thread the message started, if any. */
export const knownThread = (messageId) => summaries.get(messageId);

/** A thread's summary changed (a post, archived): the summary under its message and the open panel follow. */
export function threadChanged(thread, onOpen) {
  summaries.set(thread.id, thread);
  const summary = document.getElementById(`thread-summary-${thread.id}`);
  const drawn = drawThreadSummary(thread, onOpen, openId === thread.id);
  if (summary !== null) replaceKeepingFocus(summary, drawn, () => null);
  else {
    // Just started: the message it was started from (which shares its id) gets its summary.
    document.getElementById(`message-${thread.id}`)?.querySelector(".message-body")?.append(drawn);
  }
  if (openId === thread.id) drawHeader(thread);
}

/** A message created, edited or deleted in the open thread (the live stream). */
export const threadMessageChanged = (change, message) => live.changed(change, message);

function applyMessageChange(change, message) {
  const existing = document.getElementById(`thread-message-${message.id}`);
  if (change === "deleted") {
    if (existing !== null) removeKeepingFocus(existing, () => document.getElementById("thread-title"));
    return;
  }
  const drawn = drawInThread(message);
  if (existing !== null) replaceKeepingFocus(existing, drawn, () => document.getElementById("thread-title"));
  else {
    list().querySelector(".thread-empty")?.remove();
    list().append(drawn);
    list().scrollTop = list().scrollHeight;
  }
}

function drawInThread(message) {
  const item = drawMessage(message, context.world, context.actions);
  // Ids stay unique beside the channel's messages.
  item.id = `thread-message-${message.id}`;
  return item;
}

function drawHeader(thread) {
  document.getElementById("thread-title").textContent = `🧵 ${thread.name}`;
  const count = `${thread.messageCount} ${thread.messageCount === 1 ? "message" : "messages"}`;
  document
    .getElementById("thread-state")
    .replaceChildren(count, thread.archived ? " · Archived" : "", thread.locked ? " · Locked" : "");
}

function markExpanded() {
  for (const summary of document.querySelectorAll(".thread-summary"))
    summary.setAttribute("aria-expanded", String(summary.id === `thread-summary-${openId}`));
}
