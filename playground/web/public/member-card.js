// A member's profile card, opened from the member list as Discord opens one: the avatar's initial, the name,
// the roles, and their Linked Roles connection as Discord shows it on a profile (the platform's name, the
// member's username there, and each metadata value under its registered name, e.g. "Rating 1850"), or
// "No connection". It follows the bot's writes and role changes live (dm.js's "role-connection" event, app.js's
// "roles-changed"). On the chosen member's
// own card, "Verify Linked Roles" opens the bot's verification URL in a new tab. Everything is text.
import { callApi, el } from "./api.js";
import { openAs, setUpSignedInLinks } from "./members.js";
import { keepTabInside } from "./focus.js";

/**
 * `host.member()`: the member chosen in "You are". Their card's "Verify Linked Roles", and every message's
 * link button (a sign-in link, most often), open as that member (members.js, openAs).
 */
export function setUpMemberCard(host) {
  setUpSignedInLinks(host.member);
  const body = el("div", { class: "member-card-body", id: "member-card-body" });
  const closeButton = el(
    "button",
    { type: "button", class: "secondary", onclick: () => dialog.close() },
    "Close",
  );
  const dialog = el(
    "dialog",
    { id: "member-card", class: "member-card", "aria-labelledby": "member-card-name" },
    body,
    el("div", { class: "modal-actions" }, closeButton),
  );
  document.body.append(dialog);
  let shownUserId = null;
  let asked = 0;

  // Escape closes the card only (the page's own Escape closes the phone layout's drawers).
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") event.stopPropagation();
    keepTabInside(dialog, event);
  });
  dialog.addEventListener("close", () => {
    const userId = shownUserId;
    shownUserId = null;
    // Back to the member's name in the list (redrawn meanwhile if roles changed).
    [...document.querySelectorAll("#member-list button[data-user-id]")]
      .find((button) => button.dataset.userId === userId)
      ?.focus();
  });

  document.getElementById("member-list").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-user-id]");
    if (button === null) return;
    void show(button.dataset.userId);
  });
  document.addEventListener("role-connection", (event) => {
    if (shownUserId !== null && event.detail.userId === shownUserId) void draw(shownUserId);
  });
  // A role given, taken, renamed or recoloured (app.js's "roles-changed"): the open card shows it at once.
  document.addEventListener("roles-changed", () => {
    if (shownUserId !== null) void draw(shownUserId);
  });

  async function show(userId) {
    shownUserId = userId;
    await draw(userId);
    if (!dialog.open) dialog.showModal();
    closeButton.focus();
  }

  async function draw(userId) {
    const ticket = ++asked;
    let profile;
    try {
      profile = await callApi(`/api/profiles/${encodeURIComponent(userId)}`);
    } catch (error) {
      if (ticket === asked)
        body.replaceChildren(el("p", { class: "form-error", role: "alert" }, error.message));
      return;
    }
    if (ticket !== asked || shownUserId !== userId) return;
    body.replaceChildren(...drawProfile(profile, host.member()).filter((part) => part !== null));
  }
}

function drawProfile(profile, memberName) {
  const own = !profile.bot && profile.name === memberName;
  return [
    el(
      "div",
      { class: "member-card-head" },
      el("span", { class: "avatar", "aria-hidden": "true" }, [...profile.name][0]?.toUpperCase() ?? "?"),
      el("h2", { id: "member-card-name" }, profile.name),
      profile.bot ? el("span", { class: "bot-tag" }, "APP") : null,
    ),
    el("h3", {}, "Roles"),
    profile.roles.length === 0
      ? el("p", { class: "member-card-none" }, "No roles")
      : el(
          "ul",
          { class: "member-roles", "aria-label": `${profile.name}'s roles` },
          ...profile.roles.map((role) => {
            const dot = el("span", { class: "role-dot", "aria-hidden": "true" });
            if (role.color !== 0) dot.style.background = `#${role.color.toString(16).padStart(6, "0")}`;
            return el("li", { class: "role-chip" }, dot, role.name);
          }),
        ),
    el("h3", {}, "Linked Roles"),
    drawConnection(profile.connection),
    own
      ? el(
          "button",
          {
            type: "button",
            class: "verify-linked-roles",
            // A new tab, as Discord opens an app's verification URL; the flow runs on the fake's consent
            // page, signed in as this member whatever another tab chose (members.js, openAs).
            onclick: () => openAs(memberName, profile.verificationUrl),
          },
          "Verify Linked Roles",
        )
      : null,
  ];
}

function drawConnection(connection) {
  if (connection === null)
    return el("p", { class: "member-card-none connection", "data-connection": "none" }, "No connection");
  return el(
    "section",
    { class: "connection", "aria-label": "Connection", "data-connection": "set" },
    el("p", { class: "connection-platform" }, connection.platformName ?? "Unnamed platform"),
    connection.platformUsername === null
      ? null
      : el("p", { class: "connection-username" }, connection.platformUsername),
    connection.values.length === 0
      ? null
      : el(
          "dl",
          { class: "connection-values" },
          ...connection.values.map((value) =>
            el(
              "div",
              { class: "connection-value" },
              el("dt", {}, value.name),
              " ",
              el("dd", {}, value.value),
            ),
          ),
        ),
  );
}
