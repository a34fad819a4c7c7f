// The server's Events view, like Discord's Events tab: each scheduled event with its status, name, start and
// end (read against the one clock, as the page's other relative timestamps), location, description and how
// many are interested, with the member's own **Interested** toggle. The name and location are drawn as text;
// the description as Discord draws it, as markdown, where what the bot escaped reads as typed and platform
// text never becomes markup. Read again on every `events` change.
import { callApi, el } from "./api.js";
import { findByFocusKey, whileBusy } from "./focus.js";
import { appendInline, drawTimestamp } from "./markdown.js";

const statusLabels = {
  scheduled: "Scheduled",
  active: "Active — happening now",
  completed: "Completed",
  canceled: "Canceled",
};

let asked = 0;
/** The member the page acts as (setUpEvents). */
let memberOf = () => "";

/** `member()`: the name of the member the page acts as, who marks events "Interested". */
export function setUpEvents(member) {
  memberOf = member;
}

/** Reads the events again; the sidebar's count always follows, the view when it is shown. */
export async function reloadEvents() {
  const ticket = ++asked;
  const events = await callApi(`/api/events?member=${encodeURIComponent(memberOf())}`);
  if (ticket !== asked) return;
  const upcoming = events.filter((event) => event.status === "scheduled" || event.status === "active");
  document.getElementById("events-count").textContent = upcoming.length === 0 ? "" : ` (${upcoming.length})`;
  const view = document.getElementById("events-view");
  if (view.hidden) return;
  const list = document.getElementById("events-list");
  const focusedKey = list.contains(document.activeElement)
    ? document.activeElement.dataset.focusKey
    : undefined;
  list.replaceChildren(...events.map(drawEvent));
  if (focusedKey !== undefined) findByFocusKey(list, focusedKey)?.focus();
  if (events.length === 0) {
    list.append(
      el(
        "li",
        { class: "events-empty" },
        "No events yet. An admin's /setup events on shows each open tournament here.",
      ),
    );
  }
}

function drawEvent(event) {
  const titleId = `event-title-${event.id}`;
  return el(
    "li",
    { class: `event-card ${event.status}`, id: `event-${event.id}`, "aria-labelledby": titleId },
    el("p", { class: "event-status" }, statusLabels[event.status] ?? event.status),
    el("h3", { class: "event-name", id: titleId }, event.name),
    el(
      "p",
      { class: "event-when" },
      "Starts ",
      drawTimestamp(Math.floor(event.startsAt / 1000), "f"),
      " (",
      drawTimestamp(Math.floor(event.startsAt / 1000), "R"),
      ")",
      event.endsAt === null
        ? null
        : el(
            "span",
            { class: "event-end" },
            " · Ends ",
            drawTimestamp(Math.floor(event.endsAt / 1000), "f"),
            " (",
            drawTimestamp(Math.floor(event.endsAt / 1000), "R"),
            ")",
          ),
    ),
    event.location === null
      ? null
      : el(
          "p",
          { class: "event-location" },
          el("span", { "aria-hidden": "true" }, "📍 "),
          el("span", { class: "visually-hidden" }, "Location: "),
          event.location,
        ),
    event.description === null ? null : drawDescription(event.description),
    el(
      "p",
      { class: "event-interested" },
      el("span", { class: "interest-count" }, `${event.interested} interested`),
      event.status === "scheduled" || event.status === "active" ? drawInterestToggle(event) : null,
    ),
  );
}

/**
 * Discord's clients draw an event's description as markdown (its name and location as they are), so the
 * bot escapes the platform's text there as in a message; drawn the same way here, it reads as typed.
 */
function drawDescription(description) {
  const paragraph = el("p", { class: "event-description" });
  appendInline(paragraph, description, noMentions);
  return paragraph;
}

/** An event's description names no one the page could look up: a mention there shows its id. */
const noMentions = {
  userName: (id) => id,
  roleName: (id) => id,
  channelName: (id) => id,
};

function drawInterestToggle(event) {
  return el(
    "button",
    {
      type: "button",
      class: "secondary small interest-toggle",
      "aria-pressed": String(event.youAreInterested),
      "aria-describedby": `event-title-${event.id}`,
      "data-focus-key": `interest-${event.id}`,
      onclick: (click) =>
        whileBusy(click.currentTarget, () =>
          callApi(`/api/events/${event.id}/interest`, {
            member: memberOf(),
            interested: !event.youAreInterested,
          }).catch(async (error) => {
            // Drawn again as it is now (the event may be gone), and told under it, not only undone.
            await reloadEvents();
            document
              .getElementById(`event-${event.id}`)
              ?.append(el("p", { class: "event-error", role: "alert" }, `Not marked: ${error.message}`));
          }),
        ),
    },
    "Interested",
  );
}
