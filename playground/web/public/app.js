// The page: the server's channels, a member switcher, the channel's messages as that member sees them
// (kept up to date by the live stream, roles included), a thread's messages beside them, the server's Events
// view, the member list, the composer and the platform panel.
import { callApi, el } from "./api.js";
import { drawChannelList } from "./channel-list.js";
import {
  channelMessageChanged,
  channelThreadChanged,
  drawChannelMessages,
  setUpChannelMessages,
} from "./channel-messages.js";
import { setUpComposer } from "./composer.js";
import { setUpDm } from "./dm.js";
import { closeDrawers, setUpDrawers } from "./drawers.js";
import { reloadEvents, setUpEvents } from "./events.js";
import { whileBusy } from "./focus.js";
import { followClock, roleLabel } from "./markdown.js";
import { setUpMemberCard } from "./member-card.js";
import { drawMemberList, rememberMember, rememberedMember, setUpAddMember } from "./members.js";
import { openModal, setUpModal } from "./modal.js";
import { setUpPlatformPanel } from "./platform.js";
import {
  closeThread,
  openThread,
  openThreadId,
  setUpThreadPanel,
  threadChanged,
  threadMessageChanged,
  knownThread,
} from "./threads.js";
import { drawWelcome } from "./welcome.js";

const callback = { modal: 9 };
/** The message box, once set up (composer.js). */
let composer = null;
/** The member's DM with the bot, once set up (dm.js). */
let dm = null;
const state = {
  world: null,
  commands: [],
  member: "alice",
  channelId: "",
  /** "channel", "events" while the Events view is shown, or "dm" while the DM with the bot is. */
  view: "channel",
  unread: new Set(),
  live: null,
};

const names = {
  userName: (id) =>
    state.world.members.find((each) => each.id === id)?.name ??
    (id === state.world.bot.id ? state.world.bot.name : "unknown-user"),
  roleName: (id) => state.world.roles.find((each) => each.id === id)?.name ?? "unknown-role",
  channelName: (id) => state.world.channels.find((each) => each.id === id)?.name ?? "unknown-channel",
  get botName() {
    return state.world.bot.name;
  },
};

const actions = {
  press: (message, component, control) =>
    interact(control, { member: state.member, messageId: message.id, customId: component.custom_id }),
  select: (message, component, values, control) =>
    interact(control, { member: state.member, messageId: message.id, customId: component.custom_id, values }),
  openThread: (threadId) => void openThread(threadId, state.member),
  openThreadId,
  knownThread,
};

function interact(control, body) {
  return whileBusy(control, async () => {
    try {
      const answer = await callApi("/api/component", body);
      if (answer.callbackType === callback.modal)
        openModal(answer.interactionId, answer.modal, memberContext(), control);
    } catch (error) {
      showComposerError(`This interaction failed: ${error.message}`);
    }
  });
}

async function runLine(line) {
  showComposerError("");
  try {
    const answer = await callApi("/api/command", { member: state.member, channelId: state.channelId, line });
    if (answer.callbackType === callback.modal)
      openModal(answer.interactionId, answer.modal, memberContext(), composerInput());
    return true;
  } catch (error) {
    showComposerError(error.message);
    return false;
  }
}

function memberContext() {
  const member = state.world.members.find((each) => each.name === state.member);
  return { memberName: state.member, memberKey: member?.apiKey ?? null };
}

const composerInput = () => document.getElementById("composer-input");

function showComposerError(text) {
  document.getElementById("composer-error").textContent = text;
}

function drawChannels() {
  drawChannelList(state, (channelId) => void openChannel(channelId, { fromDrawer: true }));
}

function drawMembers() {
  const select = document.getElementById("member-select");
  select.replaceChildren(
    ...state.world.members.map((member) =>
      el("option", { value: member.name, selected: member.name === state.member }, member.name),
    ),
  );
  document.getElementById("member-key").value = memberContext().memberKey ?? "";
}

/** `fromDrawer`: picked in the phone layout's channel drawer, which closes and gives focus back to its toggle. */
async function openChannel(channelId, { fromDrawer = false } = {}) {
  dm?.close();
  // Another channel's thread closes; the same channel drawn again (another member, a moved clock) keeps it.
  if (channelId !== state.channelId || state.view !== "channel") closeThread();
  if (channelId !== state.channelId) showComposerError("");
  state.channelId = channelId;
  state.view = "channel";
  showView();
  state.unread.delete(channelId);
  const channel = state.world.channels.find((each) => each.id === channelId);
  document.getElementById("channel-title").textContent = `# ${channel?.name ?? ""}`;
  document.getElementById("composer-input").placeholder =
    `Message #${channel?.name ?? ""} — type / for the bot's commands`;
  drawChannels();
  if (fromDrawer) closeDrawers();
  await drawChannelMessages(
    () => callApi(`/api/channels/${channelId}/messages?member=${encodeURIComponent(state.member)}`),
    () => drawWelcome(channel?.name ?? ""),
  );
}

/** The Events view in place of the channel's messages and message box (like Discord's Events tab). */
async function openEvents({ fromDrawer = false } = {}) {
  dm?.close();
  closeThread();
  state.view = "events";
  showView();
  document.getElementById("channel-title").textContent = "Events";
  drawChannels();
  if (fromDrawer) closeDrawers();
  await reloadEvents();
}

function showView() {
  const events = state.view === "events";
  document.getElementById("events-view").hidden = !events;
  document.getElementById("messages").hidden = events;
  document.getElementById("composer").hidden = events;
}

/** Draws what is shown again: another member's view, or timestamps against a moved clock. */
async function redraw() {
  // The DM stays open: it is read again for this member, against this clock.
  if (state.view === "dm") return dm?.redraw();
  if (state.view === "events") await reloadEvents();
  else await openChannel(state.channelId);
  const thread = openThreadId();
  if (thread !== null) await openThread(thread, state.member, { keepFocus: true });
}

function listen() {
  dm?.memberChanged();
  state.live?.close();
  state.live = new EventSource(`/api/live?member=${encodeURIComponent(state.member)}`);
  state.live.addEventListener("message", (event) => {
    const { change, message } = JSON.parse(event.data);
    if (message.channelId === openThreadId()) threadMessageChanged(change, message);
    if (message.channelId !== state.channelId || state.view !== "channel") {
      // Threads are not channels in the list: their posts show in the summary under their first message.
      const listed = state.world.channels.some((channel) => channel.id === message.channelId);
      if (listed && change === "created" && !message.ephemeral) {
        state.unread.add(message.channelId);
        drawChannels();
      }
      return;
    }
    channelMessageChanged(change, message);
  });
  // A role made or given (by the bot or by hand): read the server again, so a mention of it is named at once,
  // and say so on `document` (an open member card draws its roles again).
  state.live.addEventListener("roles", () => {
    void reloadWorld();
    document.dispatchEvent(new window.CustomEvent("roles-changed"));
  });
  state.live.addEventListener("thread", (event) =>
    channelThreadChanged(JSON.parse(event.data), (thread) => threadChanged(thread, actions.openThread)),
  );
  state.live.addEventListener("events", () => void reloadEvents());
}

let worldAsked = 0;

/** Reads the server again; of reads that overlap (a burst of role changes), only the latest is drawn. */
async function reloadWorld() {
  const ticket = ++worldAsked;
  const world = await callApi("/api/world");
  if (ticket !== worldAsked) return;
  state.world = world;
  followClock(world.now);
  drawMembers();
  drawMemberList(world);
  for (const mention of document.querySelectorAll(".mention[data-role-id]"))
    mention.textContent = roleLabel(names.roleName(mention.dataset.roleId));
}

/** The commands the current member's "/" list shows: those their permissions let them see. */
async function loadCommands() {
  state.commands = await callApi(`/api/commands?member=${encodeURIComponent(state.member)}`);
  composer?.commandsChanged();
}

async function start() {
  await reloadWorld();
  state.member = rememberedMember(state.world, state.member);
  await rememberMember(state.member);
  drawMembers();
  await loadCommands();
  document.getElementById("guild-name").textContent = state.world.guild.name;
  // The key is a credential: hidden like a password until its member asks to see it (and in screenshots).
  document.getElementById("show-key").addEventListener("click", (event) => {
    const shown = event.currentTarget.getAttribute("aria-pressed") !== "true";
    event.currentTarget.setAttribute("aria-pressed", String(shown));
    event.currentTarget.textContent = shown ? "Hide" : "Show";
    document.getElementById("member-key").type = shown ? "text" : "password";
  });
  document.getElementById("member-select").addEventListener("change", async (event) => {
    state.member = event.currentTarget.value;
    showComposerError("");
    await rememberMember(state.member);
    drawMembers();
    await loadCommands();
    listen();
    await redraw();
  });
  setUpAddMember(async (name) => {
    state.member = name;
    await rememberMember(name);
    await reloadWorld();
    await loadCommands();
    listen();
    await redraw();
  });
  setUpDrawers();
  setUpModal();
  setUpThreadPanel(names, actions);
  setUpChannelMessages(names, actions);
  setUpEvents(() => state.member);
  document
    .getElementById("open-events")
    .addEventListener("click", () => void openEvents({ fromDrawer: true }));
  composer = setUpComposer(
    () => ({
      member: state.member,
      channelId: state.channelId,
      commands: state.commands,
      world: state.world,
    }),
    runLine,
  );
  dm = setUpDm({
    member: () => state.member,
    world: () => state.world,
    names,
    actions,
    memberContext,
    closeDrawers,
    // The DM takes the place of the channel, its thread or the Events view; none is marked current then.
    leaveView: () => {
      closeThread();
      state.view = "dm";
      showView();
      drawChannels();
    },
  });
  setUpMemberCard({ member: () => state.member });
  listen();
  await openChannel(state.world.channels[0].id);
  await reloadEvents();
  // Relative timestamps ("in 5 days") are drawn again against the moved clock.
  await setUpPlatformPanel((now) => {
    followClock(now);
    return redraw();
  });
  document.body.dataset.ready = "true";
}

void start();
