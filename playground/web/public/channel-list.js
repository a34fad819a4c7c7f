// The server's channels in the sidebar (and the phone's Channels drawer): the one shown marked current, those
// with unread posts marked new, and the Events view's button marked when it is shown. Focus stays on the
// channel it was on when the list is drawn again.
import { el } from "./api.js";
import { findByFocusKey } from "./focus.js";

/** `state`: { world, view, channelId, unread }; `open(channelId)` opens a channel from the list. */
export function drawChannelList(state, open) {
  const list = document.getElementById("channels");
  const focusedKey = list.contains(document.activeElement)
    ? document.activeElement.dataset.focusKey
    : undefined;
  const shown = (channel) => state.view === "channel" && channel.id === state.channelId;
  const events = document.getElementById("open-events");
  events.classList.toggle("current", state.view === "events");
  if (state.view === "events") events.setAttribute("aria-current", "page");
  else events.removeAttribute("aria-current");
  list.replaceChildren(
    ...state.world.channels.map((channel) =>
      el(
        "li",
        {},
        el(
          "button",
          {
            type: "button",
            class: `channel${shown(channel) ? " current" : ""}${state.unread.has(channel.id) ? " unread" : ""}`,
            "aria-current": shown(channel) ? "page" : undefined,
            "data-focus-key": `channel-${channel.id}`,
            onclick: () => open(channel.id),
          },
          `# ${channel.name}`,
          state.unread.has(channel.id) ? el("span", { class: "unread-dot" }, " • new") : null,
        ),
      ),
    ),
  );
  if (focusedKey !== undefined) findByFocusKey(list, focusedKey)?.focus();
}
