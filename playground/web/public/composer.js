// The message box: slash-command completion from the commands the member may use (names, subcommand
// groups, subcommands, options, choices, and the bot's own autocomplete answers), sent as the member.
// Every match is listed; the list scrolls when the window is too short for it.
import { callApi, el } from "./api.js";

const type = { subcommand: 1, group: 2, boolean: 5, user: 6, channel: 7, role: 8 };

/** `context()` gives { member, channelId, commands, world }; `send(line)` runs a finished line. */
export function setUpComposer(context, send) {
  const input = document.getElementById("composer-input");
  const list = document.getElementById("suggestions");
  let suggestions = [];
  let active = -1;
  let asked = 0;

  const show = (items) => {
    suggestions = items;
    active = suggestions.length > 0 ? 0 : -1;
    list.replaceChildren(
      ...suggestions.map((item, index) =>
        el(
          "li",
          {
            id: `suggestion-${index}`,
            role: "option",
            class: "suggestion",
            onmousedown: (event) => {
              event.preventDefault();
              accept(index);
            },
          },
          el("span", { class: "suggestion-label" }, item.label),
          item.detail ? el("span", { class: "suggestion-detail" }, item.detail) : null,
        ),
      ),
    );
    list.hidden = suggestions.length === 0;
    input.setAttribute("aria-expanded", String(suggestions.length > 0));
    highlight();
  };
  const highlight = () => {
    [...list.children].forEach((child, index) =>
      child.setAttribute("aria-selected", String(index === active)),
    );
    if (active >= 0) {
      input.setAttribute("aria-activedescendant", `suggestion-${active}`);
      list.children[active]?.scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };
  const accept = (index) => {
    const item = suggestions[index];
    if (item === undefined) return;
    const { start } = currentToken(input.value);
    input.value = input.value.slice(0, start) + item.insert;
    input.focus();
    refresh();
  };
  const refresh = async () => {
    const ticket = ++asked;
    try {
      const items = await suggest(input.value, context());
      if (ticket === asked) show(items);
    } catch {
      if (ticket === asked) show([]);
    }
  };

  input.addEventListener("input", () => void refresh());
  input.addEventListener("focus", () => void refresh());
  input.addEventListener("blur", () => show([]));
  input.addEventListener("keydown", (event) => {
    const open = suggestions.length > 0;
    if (event.key === "ArrowDown" && open) {
      active = (active + 1) % suggestions.length;
      highlight();
      event.preventDefault();
    } else if (event.key === "ArrowUp" && open) {
      active = (active - 1 + suggestions.length) % suggestions.length;
      highlight();
      event.preventDefault();
    } else if (
      (event.key === "Tab" || event.key === "Enter") &&
      open &&
      active >= 0 &&
      !completes(input.value, suggestions[active])
    ) {
      accept(active);
      event.preventDefault();
    } else if (event.key === "Escape" && open) {
      show([]);
      event.preventDefault();
    }
  });
  document.getElementById("composer").addEventListener("submit", async (event) => {
    event.preventDefault();
    const line = input.value.trim();
    if (line === "") return;
    show([]);
    if (await send(line)) input.value = "";
  });
}

/** Enter sends rather than completes once the typed token already is the suggestion. */
function completes(line, item) {
  const { token } = currentToken(line);
  return item === undefined || `${token} ` === item.insert || token === item.insert;
}

/** The token being typed: from after the last space outside quotes to the end. */
export function currentToken(line) {
  let start = 0;
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    if (line[index] === '"') quoted = !quoted;
    else if (line[index] === " " && !quoted) start = index + 1;
  }
  return { start, token: line.slice(start) };
}

async function suggest(line, { member, channelId, commands, world }) {
  if (!line.startsWith("/")) return [];
  const { start, token } = currentToken(line);
  const words = line.slice(0, start).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    const typed = token.slice(1).toLowerCase();
    return commands
      .filter((command) => command.name.startsWith(typed))
      .map((command) => ({
        label: `/${command.name}`,
        detail: command.description,
        insert: `/${command.name} `,
      }));
  }
  const command = commands.find((each) => `/${each.name}` === words[0]);
  if (command === undefined) return [];
  let options = command.options ?? [];
  let position = 1;
  // Subcommand groups and subcommands may sit side by side at the top (a group holds subcommands only):
  // each level lists both kinds until one is picked.
  const isSubcommand = (option) => option.type === type.group || option.type === type.subcommand;
  while (options.some(isSubcommand)) {
    const picked = options.find((option) => isSubcommand(option) && option.name === words[position]);
    if (picked === undefined) {
      if (words.length > position) return [];
      return options
        .filter((option) => isSubcommand(option) && option.name.startsWith(token))
        .map((option) => ({ label: option.name, detail: option.description, insert: `${option.name} ` }));
    }
    options = picked.options ?? [];
    position += 1;
  }
  const separator = token.indexOf(":");
  if (separator < 0) {
    const used = new Set(words.slice(position).map((word) => word.split(":")[0]));
    return options
      .filter((option) => !used.has(option.name) && option.name.startsWith(token))
      .sort((a, b) => Number(b.required === true) - Number(a.required === true))
      .map((option) => ({
        label: `${option.name}:`,
        detail: `${option.required ? "required · " : ""}${option.description}`,
        insert: `${option.name}:`,
      }));
  }
  const name = token.slice(0, separator);
  const typed = token
    .slice(separator + 1)
    .replace(/^"/, "")
    .replace(/"$/, "");
  const option = options.find((each) => each.name === name);
  if (option === undefined) return [];
  const valueItem = (label, value) => {
    const text = String(value);
    return {
      label,
      detail: label === text ? "" : text,
      insert: `${name}:${/\s/.test(text) ? `"${text}"` : text} `,
    };
  };
  const matching = (label) => label.toLowerCase().includes(typed.toLowerCase());
  if (option.choices !== undefined) {
    return option.choices
      .filter((choice) => matching(choice.name) || matching(String(choice.value)))
      .map((choice) => valueItem(choice.name, choice.value));
  }
  if (option.autocomplete === true) {
    const others = line.slice(0, start).trim();
    const { choices } = await callApi("/api/autocomplete", {
      member,
      channelId,
      line: others,
      focused: { name, value: typed },
    });
    return choices.map((choice) => valueItem(choice.name, choice.value));
  }
  if (option.type === type.user)
    return world.members
      .filter((each) => matching(each.name))
      .map((each) => valueItem(`@${each.name}`, `@${each.name}`));
  if (option.type === type.channel)
    return world.channels
      .filter((each) => matching(each.name))
      .map((each) => valueItem(`#${each.name}`, `#${each.name}`));
  if (option.type === type.role)
    return world.roles
      .filter((each) => matching(each.name))
      .map((each) => valueItem(`@${each.name}`, `@${each.name}`));
  if (option.type === type.boolean)
    return ["true", "false"].filter(matching).map((each) => valueItem(each, each));
  return [];
}
