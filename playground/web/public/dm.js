// The chosen member's direct messages with the bot, as Discord's DM list entry opens them: once the member
// adds the app to their account (a user install), the message box sends slash commands there as the member
// (interactions with context 1, no guild), offering only the commands whose command data allows the bot's DM.
// The bot's replies and follow-ups are drawn as in the channels and follow the live stream of /api/dm/live,
// which also says when anyone's Linked Roles connection changes (a "role-connection" event on `document`).
import { callApi, el } from "./api.js";
import { setUpComposer } from "./composer.js";
import {
  keepFocusInSight,
  removeKeepingFocus,
  replaceChildrenKeepingFocus,
  replaceKeepingFocus,
  whileBusy,
} from "./focus.js";
import { drawMessage } from "./message.js";
import { openModal } from "./modal.js";

const callback = { modal: 9 };

/**
 * `host` gives `member()`, `world()`, `names` and `actions` (as the channels draw messages with),
 * `memberContext()` (for a form the bot opens), `closeDrawers()` and `leaveView()` (the channel, thread or
 * Events view the DM replaces, none then marked current). The answer's `open()` shows the DM, `close()` gives
 * the chat back to the channel, `memberChanged()` follows another member and `redraw()` reads the open DM
 * again.
 */
export function setUpDm(host) {
  const botName = () => host.world().bot.name;
  const entry = el(
    "button",
    {
      type: "button",
      class: "channel dm-entry",
      id: "open-dm",
      "data-focus-key": "dm",
      onclick: () => void open({ fromDrawer: true }),
    },
    el("span", { class: "dm-avatar", "aria-hidden": "true" }, initialOf(botName())),
    `@ ${botName()}`,
  );
  document
    .getElementById("channels")
    .after(
      el(
        "section",
        { class: "dm-list", "aria-labelledby": "dm-heading" },
        el("h3", { id: "dm-heading" }, "Direct messages"),
        entry,
      ),
    );

  const installNote = el("p", { id: "dm-install-note" });
  const installButton = el(
    "button",
    { type: "button", id: "dm-install", onclick: () => void install() },
    "Add to my apps",
  );
  const install = () =>
    whileBusy(installButton, async () => {
      showError("");
      try {
        await callApi("/api/dm/install", { member: host.member() });
        await reload();
        input.focus();
      } catch (error) {
        showError(error.message);
      }
    });
  const installBox = el(
    "div",
    { class: "dm-install", id: "dm-install-box", hidden: true },
    installNote,
    installButton,
  );
  const list = el("ol", {
    class: "messages",
    id: "dm-messages",
    "aria-live": "polite",
    "aria-label": "Direct messages",
  });
  const note = el("p", { class: "dm-note", id: "dm-note" });
  const input = el("input", {
    id: "dm-input",
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-controls": "dm-suggestions",
    "aria-expanded": "false",
    "aria-describedby": "dm-note",
    // Until the first read of the DM says whether the app is added (reload()).
    disabled: true,
  });
  const error = el("p", { class: "composer-error", id: "dm-error", role: "alert" });
  const form = el(
    "form",
    { class: "composer", id: "dm-composer", autocomplete: "off" },
    el("ul", {
      class: "suggestions",
      id: "dm-suggestions",
      role: "listbox",
      "aria-label": "Suggestions",
      hidden: true,
    }),
    el("label", { for: "dm-input", class: "visually-hidden" }, "Message the bot"),
    input,
    el("button", { type: "submit", disabled: true }, "Send"),
    el("p", { class: "composer-hint", id: "dm-hint", "aria-live": "polite" }),
    error,
  );
  const pane = el(
    "section",
    { class: "dm-pane", id: "dm-pane", hidden: true, "aria-label": "Direct message with the bot" },
    installBox,
    list,
    note,
    form,
  );
  const chat = document.querySelector("main.chat");
  chat.append(pane);
  const channelParts = () => [document.getElementById("messages"), document.getElementById("composer")];

  const state = { open: false, installed: false, commands: [], live: null, asked: 0 };
  const showError = (text) => {
    error.textContent = text;
  };

  const composer = setUpComposer(
    () => ({ member: host.member(), channelId: null, commands: state.commands, world: host.world() }),
    async (line) => {
      showError("");
      try {
        const answer = await callApi("/api/dm/command", { member: host.member(), line });
        if (answer.callbackType === callback.modal)
          openModal(answer.interactionId, answer.modal, host.memberContext(), input);
        return true;
      } catch (failure) {
        showError(failure.message);
        return false;
      }
    },
    {
      form: "dm-composer",
      input: "dm-input",
      list: "dm-suggestions",
      option: "dm-suggestion",
      hint: "dm-hint",
    },
  );

  /** Reads the DM again: whether the app is added, the commands it offers here, the messages. */
  async function reload() {
    const ticket = ++state.asked;
    const dm = await callApi(`/api/dm?member=${encodeURIComponent(host.member())}`);
    if (ticket !== state.asked) return;
    state.installed = dm.installed;
    state.commands = dm.commands;
    composer.commandsChanged();
    installBox.hidden = dm.installed;
    installNote.textContent = `${host.member()} has not added ${dm.bot.name} to their account. Add it to use its commands in this DM, as Discord's Add App does.`;
    input.disabled = !dm.installed;
    form.querySelector("button[type=submit]").disabled = !dm.installed;
    input.placeholder = dm.installed
      ? `Message @${dm.bot.name} — type / for its commands`
      : `Add ${dm.bot.name} to message it`;
    note.textContent =
      dm.installed && dm.commands.length === 0
        ? `None of ${dm.bot.name}'s commands can be used in a DM: none declares USER_INSTALL (1) in its integration_types and the bot's DM (1) in its contexts.`
        : "";
    const welcome = () =>
      el(
        "li",
        { class: "welcome", id: "dm-welcome" },
        el("p", {}, `This is the beginning of your direct message history with @${dm.bot.name}.`),
      );
    const drawn = dm.messages.map((message) => drawMessage(message, host.names, host.actions));
    // The message box is disabled until the app is added: then focus goes to the button that adds it.
    replaceChildrenKeepingFocus(list, drawn.length === 0 ? [welcome()] : drawn, () =>
      input.disabled ? installButton : input,
    );
    list.scrollTop = list.scrollHeight;
    keepFocusInSight(list);
  }

  function listen() {
    state.live?.close();
    state.live = new EventSource(`/api/dm/live?member=${encodeURIComponent(host.member())}`);
    state.live.addEventListener("message", (event) => {
      const { change, message } = JSON.parse(event.data);
      if (!state.open) {
        if (change === "created" && !entry.classList.contains("unread")) {
          entry.classList.add("unread");
          entry.append(el("span", { class: "unread-dot" }, " • new"));
        }
        return;
      }
      const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
      const existing = document.getElementById(`message-${message.id}`);
      if (change === "deleted") {
        if (existing !== null) removeKeepingFocus(existing, () => input);
      } else if (existing !== null) {
        replaceKeepingFocus(existing, drawMessage(message, host.names, host.actions), () => input);
      } else {
        document.getElementById("dm-welcome")?.remove();
        list.append(drawMessage(message, host.names, host.actions));
      }
      if (atBottom || change === "created") list.scrollTop = list.scrollHeight;
    });
    state.live.addEventListener("role-connection", (event) => {
      document.dispatchEvent(new window.CustomEvent("role-connection", { detail: JSON.parse(event.data) }));
    });
  }

  async function open({ fromDrawer = false } = {}) {
    host.leaveView();
    state.open = true;
    for (const part of channelParts()) part.hidden = true;
    pane.hidden = false;
    entry.classList.add("current");
    entry.classList.remove("unread");
    entry.querySelector(".unread-dot")?.remove();
    entry.setAttribute("aria-current", "page");
    document.getElementById("channel-title").textContent = `@ ${botName()}`;
    if (fromDrawer) host.closeDrawers();
    await reloadSayingWhy();
  }

  /** reload(), saying under the box why it failed: the box stays off until a read says the app is added. */
  async function reloadSayingWhy() {
    // reload() counts this read next; a failure is shown only while no later read was asked for.
    const ticket = state.asked + 1;
    try {
      showError("");
      await reload();
    } catch (failure) {
      if (ticket === state.asked) showError(failure.message);
    }
  }

  function close() {
    if (!state.open) return;
    state.open = false;
    pane.hidden = true;
    for (const part of channelParts()) part.hidden = false;
    entry.classList.remove("current");
    entry.removeAttribute("aria-current");
    showError("");
  }

  return {
    open,
    close,
    /**
     * Follows another member's DM events; the page's redraw then reads the DM again. The "new" mark was the
     * last member's: the DM listed now is another's.
     */
    memberChanged: () => {
      entry.classList.remove("unread");
      entry.querySelector(".unread-dot")?.remove();
      listen();
    },
    /** Reads the open DM again (another member, a moved clock). */
    redraw: () => (state.open ? reloadSayingWhy() : Promise.resolve()),
  };
}

function initialOf(name) {
  return [...name][0]?.toUpperCase() ?? "?";
}
