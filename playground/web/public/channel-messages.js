// The open channel's messages (#messages): drawn from a read of the channel as the member sees it, and kept
// current by the live stream (live-list.js says how the two meet).
import {
  keepFocusInSight,
  removeKeepingFocus,
  replaceChildrenKeepingFocus,
  replaceKeepingFocus,
} from "./focus.js";
import { createLiveList } from "./live-list.js";
import { drawMessage } from "./message.js";

const list = () => document.getElementById("messages");
const composerInput = () => document.getElementById("composer-input");

/** The names and actions drawMessage takes (setUpChannelMessages). */
let context = null;
// A thread's change heard during a read that another overtook is still applied: its summary may be drawn in
// this list, but it also moves the open thread's header and the page's known threads (threads.js).
const live = createLiveList(apply, { carriesOver: (change) => change === "thread" });

/** `names` and `actions` as for drawMessage. */
export function setUpChannelMessages(names, actions) {
  context = { names, actions };
}

/** Draws the channel's messages from `read()` in place of what is shown, or `empty()` when it has none. */
export async function drawChannelMessages(read, empty) {
  await live.drawRead(read, (messages) => {
    replaceChildrenKeepingFocus(
      list(),
      messages.length === 0 ? [empty()] : messages.map(draw),
      composerInput,
    );
  });
  list().scrollTop = list().scrollHeight;
  keepFocusInSight(list());
}

/** A message of the open channel created, edited or deleted (the live stream). */
export const channelMessageChanged = (change, message) => live.changed(change, message);

/**
 * A thread's summary changed (the live stream): `drawThread(thread)` draws it now, or once a read of the
 * channel on its way has landed, so a read begun before the change (an archive) cannot draw the old one.
 */
export const channelThreadChanged = (thread, drawThread) => live.changed("thread", thread, drawThread);

const draw = (message) => drawMessage(message, context.names, context.actions);

/** A live change: a message `created`, `edited` or `deleted`, or a thread's summary drawn by `drawThread`. */
function apply(change, item, drawThread) {
  if (change === "thread") {
    drawThread(item);
    return;
  }
  const message = item;
  const messages = list();
  const atBottom = messages.scrollHeight - messages.scrollTop - messages.clientHeight < 80;
  const existing = document.getElementById(`message-${message.id}`);
  if (change === "deleted") {
    if (existing !== null) removeKeepingFocus(existing, composerInput);
  } else if (existing !== null) {
    replaceKeepingFocus(existing, draw(message), composerInput);
  } else {
    document.getElementById("channel-welcome")?.remove();
    messages.append(draw(message));
  }
  if (atBottom || change === "created") messages.scrollTop = messages.scrollHeight;
}
