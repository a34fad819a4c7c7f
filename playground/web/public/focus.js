// Keeping the keyboard's place: a redrawn message or channel list gives focus back to the same control,
// a modal keeps Tab inside itself, and a control that is busy stays focused (aria-disabled, not disabled,
// which would drop focus to the page).

const focusable = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches inside `container`, in order. */
export function tabStops(container) {
  return [...container.querySelectorAll(focusable)].filter(
    (node) => !node.disabled && node.getClientRects().length > 0,
  );
}

/**
 * Replaces `oldNode` with `newNode`; if focus was inside, it moves to the same control in the new one (the
 * same `data-focus-key`, else one with the same text, else the same position), or to `fallback()` when there
 * is none.
 */
export function replaceKeepingFocus(oldNode, newNode, fallback) {
  const place = placeOfFocus(oldNode);
  oldNode.replaceWith(newNode);
  giveFocusBack(place, newNode, fallback);
}

/**
 * Replaces what `container` holds with `children`, as a list drawn again from a read does (a channel's
 * messages, a thread's, the DM's); focus inside comes back as replaceKeepingFocus gives it. A read that lands
 * while a keyboard user is on a message's button would otherwise drop focus to the page.
 */
export function replaceChildrenKeepingFocus(container, children, fallback) {
  const place = placeOfFocus(container);
  container.replaceChildren(...children);
  giveFocusBack(place, container, fallback);
}

/**
 * Where focus is inside `node`: its control's focus key, the message it is in (a key is unique within a
 * message only: two posts may carry the same button), its text, and its position among the stops; null when
 * outside.
 */
function placeOfFocus(node) {
  const focused = document.activeElement;
  if (focused === null || focused === document.body || !node.contains(focused)) return null;
  const message = focused.closest('[id^="message-"]');
  return {
    key: focused.dataset.focusKey,
    messageId: message === null || message === node ? undefined : message.id,
    text: focused.textContent.trim(),
    position: tabStops(node).indexOf(focused),
  };
}

/**
 * Focus back on the control of the same key. A control the redraw gave another key keeps its text (a page's ▶,
 * whose custom id names the next page), and is found by it: by position it could be another control, as ◀,
 * enabled on the second page, stands where ▶ stood on the first.
 */
function giveFocusBack(place, node, fallback) {
  if (place === null) return;
  const message = place.messageId === undefined ? null : document.getElementById(place.messageId);
  const within = message !== null && node.contains(message) ? message : node;
  const sameText = () => {
    if (place.text === "") return undefined;
    const matching = tabStops(within).filter((stop) => stop.textContent.trim() === place.text);
    return matching.length === 1 ? matching[0] : undefined;
  };
  const same =
    (place.key === undefined ? undefined : findByFocusKey(within, place.key)) ??
    sameText() ??
    (place.position >= 0 ? tabStops(node)[place.position] : undefined);
  (same ?? fallback())?.focus();
}

/** After a list scrolled to its end: a control that kept focus inside it is scrolled back into sight. */
export function keepFocusInSight(container) {
  if (container.contains(document.activeElement)) document.activeElement.scrollIntoView({ block: "nearest" });
}

/** Removes `node`; if focus was inside, it moves to `fallback()`. */
export function removeKeepingFocus(node, fallback) {
  const hadFocus = node.contains(document.activeElement);
  node.remove();
  if (hadFocus) fallback()?.focus();
}

/** The control with `key` inside `container`, when Tab can reach it (a button the bot disabled cannot). */
export function findByFocusKey(container, key) {
  return tabStops(container).find((node) => node.dataset.focusKey === key);
}

/** Tab and Shift+Tab wrap around inside `container` (a modal dialog) instead of leaving it. */
export function keepTabInside(container, event) {
  if (event.key !== "Tab") return;
  const stops = tabStops(container);
  if (stops.length === 0) return;
  const first = stops[0];
  const last = stops[stops.length - 1];
  const inside = container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    last.focus();
    event.preventDefault();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    first.focus();
    event.preventDefault();
  }
}

/** Runs `work` with `control` marked busy; a second press while busy does nothing. Focus stays put. */
export async function whileBusy(control, work) {
  if (control.getAttribute("aria-disabled") === "true") return;
  control.setAttribute("aria-disabled", "true");
  try {
    await work();
  } finally {
    control.removeAttribute("aria-disabled");
  }
}
