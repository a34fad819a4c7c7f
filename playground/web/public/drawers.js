// The phone layout's drawers: one open at a time over the chat, which is inert meanwhile so Tab stays in
// the drawer and the toggles; Escape or a toggle closes it, and focus inside goes back to its toggle.
const drawers = [
  ["toggle-sidebar", "sidebar"],
  ["toggle-platform", "platform"],
];
const phoneLayout = window.matchMedia("(max-width: 1100px)");

export function closeDrawers() {
  for (const [toggleId, panelId] of drawers) {
    const panel = document.getElementById(panelId);
    const toggle = document.getElementById(toggleId);
    const hadFocus = panel.classList.contains("open") && panel.contains(document.activeElement);
    panel.classList.remove("open");
    toggle.setAttribute("aria-expanded", "false");
    if (hadFocus) toggle.focus();
  }
  setDrawerInert(false);
}

function setDrawerInert(open) {
  document.querySelector("main.chat").inert = open;
  for (const [, panelId] of drawers) {
    const panel = document.getElementById(panelId);
    panel.inert = open && !panel.classList.contains("open");
  }
}

export function setUpDrawers() {
  for (const [toggleId, panelId] of drawers) {
    document.getElementById(toggleId).addEventListener("click", (event) => {
      const open = !document.getElementById(panelId).classList.contains("open");
      closeDrawers();
      document.getElementById(panelId).classList.toggle("open", open);
      event.currentTarget.setAttribute("aria-expanded", String(open));
      setDrawerInert(open);
    });
  }
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || document.getElementById("modal").open) return;
    if (drawers.some(([, panelId]) => document.getElementById(panelId).classList.contains("open"))) {
      closeDrawers();
      event.preventDefault();
    }
  });
  // Back to the wide layout, where both panels are always shown: nothing is a drawer any more.
  // (Only then: the change into the phone layout can be reported after a drawer was already opened there.)
  phoneLayout.addEventListener("change", (event) => {
    if (!event.matches) closeDrawers();
  });
}
