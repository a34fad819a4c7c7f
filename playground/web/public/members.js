// The sidebar's member parts: the member list with each member's roles (as Discord's member list shows
// them), the "Add a member" form with a name nobody has as its example, and the member chosen in "You are",
// kept in localStorage so a reload keeps it, and told to the server as the one signed in in this browser.
import { callApi, el } from "./api.js";

const rememberedKey = "playground.member";

/** The member chosen before the reload, when there still is one by that name. */
export function rememberedMember(world, fallback) {
  const saved = localStorage.getItem(rememberedKey);
  return world.members.some((member) => member.name === saved) ? saved : fallback;
}

/** Keeps the choice, and has the member signed in in this browser: to the platform and to Discord's consent. */
export async function rememberMember(name) {
  localStorage.setItem(rememberedKey, name);
  await callApi("/api/you-are", { member: name });
}

/**
 * Opens `href` in a new tab as `member`: signed in first, since two tabs may act as two members and the
 * sign-in is one for the whole browser (the last member any tab chose), so a sign-in link would otherwise
 * link the other tab's member's platform account. The tab opens at once, within the click (a tab opened after
 * the sign-in's answer would be a popup the browser blocks), and goes to `href` once the sign-in is done.
 */
export function openAs(member, href) {
  const tab = window.open("", "_blank");
  const go = () => {
    if (tab === null) return void window.open(href, "_blank", "noopener");
    tab.opener = null;
    tab.location.href = href;
  };
  void callApi("/api/you-are", { member }).then(go, go);
}

/** Has every link button of a message open as the member this tab acts as (openAs). */
export function setUpSignedInLinks(member) {
  const follow = (event) => {
    const anchor = event.target?.closest?.("a.button.link") ?? null;
    if (anchor === null || anchor.getAttribute("aria-disabled") === "true") return;
    const href = anchor.getAttribute("href");
    if (href === null || href === "#") return;
    event.preventDefault();
    openAs(member(), href);
  };
  document.addEventListener("click", follow);
  // A middle click opens a tab too (`auxclick`, button 1).
  document.addEventListener("auxclick", (event) => {
    if (event.button === 1) follow(event);
  });
}

/** Every member with their roles, highest first; names and role names are only ever text. */
export function drawMemberList(world) {
  const roles = new Map(world.roles.map((role) => [role.id, role]));
  document.getElementById("member-list").replaceChildren(
    ...world.memberList.map((member) => {
      const held = member.roleIds.map((id) => roles.get(id)).filter((role) => role !== undefined);
      return el(
        "li",
        { class: "member-row", "data-member": member.name },
        // Opens the member's profile card (member-card.js).
        el(
          "button",
          {
            type: "button",
            class: "member-name",
            title: member.name,
            "data-user-id": member.id,
            "aria-haspopup": "dialog",
          },
          member.name,
        ),
        member.bot ? el("span", { class: "bot-tag" }, "APP") : null,
        member.owner
          ? el(
              "span",
              { class: "owner-tag", title: "Server owner (the fake Discord makes one with the server)" },
              el("span", { "aria-hidden": "true" }, "👑"),
              el("span", { class: "visually-hidden" }, "server owner"),
            )
          : null,
        held.length === 0
          ? null
          : el(
              "ul",
              { class: "member-roles", "aria-label": `${member.name}'s roles` },
              ...held.map((role) => drawRoleChip(role)),
            ),
      );
    }),
  );
  document.getElementById("new-member").placeholder = `e.g. ${world.freeMemberName}`;
}

function drawRoleChip(role) {
  const dot = el("span", { class: "role-dot", "aria-hidden": "true" });
  if (role.color !== 0) dot.style.background = `#${role.color.toString(16).padStart(6, "0")}`;
  return el("li", { class: "role-chip" }, dot, role.name);
}

/** The "Add a member" form; its errors show beside it. `added(name)` switches to the new member. */
export function setUpAddMember(added) {
  const form = document.getElementById("add-member");
  const input = document.getElementById("new-member");
  const error = document.getElementById("add-member-error");
  // A refusal spoke of the name as it was: gone once the name changes.
  input.addEventListener("input", () => {
    error.textContent = "";
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    error.textContent = "";
    try {
      await callApi("/api/members", { username: name });
      input.value = "";
      await added(name);
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
}
