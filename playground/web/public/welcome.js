// What an empty channel shows, as Discord greets a new channel: a welcome and the first steps to take here.
import { el } from "./api.js";

const firstSteps = [
  ["/link", "links your platform account; the sidebar holds your sandbox key for its form."],
  [
    "/battle create",
    "starts a battle; press Join on its card, then switch member in “You are” to join as another.",
  ],
  ["/rank", "shows your rating and its chart."],
];

export function drawWelcome(channelName) {
  return el(
    "li",
    { class: "welcome", id: "channel-welcome" },
    el("h2", {}, `Welcome to #${channelName}!`),
    el("p", {}, `This is the start of #${channelName}. Nothing has been said here yet. To begin:`),
    el(
      "ol",
      {},
      ...firstSteps.map(([command, what]) =>
        el("li", {}, el("code", { class: "inline-code" }, command), ` ${what}`),
      ),
    ),
    el("p", {}, "Type / in the message box (or press / anywhere) for every command."),
  );
}
