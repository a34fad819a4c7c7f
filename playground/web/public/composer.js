// The message box: slash-command completion from the commands the member may use (names, subcommand
// groups, subcommands, options, choices, and the bot's own autocomplete answers), sent as the member.
// Every match is listed; the list scrolls when the window is too short for it. As in Discord, Enter sends once
// every required option is filled, a hint says to quote a value with spaces, and "/" anywhere outside a text
// field starts a command in the message box.
import { callApi, el } from "./api.js";
import { roleLabel } from "./markdown.js";

const type = { subcommand: 1, group: 2, string: 3, boolean: 5, user: 6, channel: 7, role: 8 };

/**
 * `context()` gives { member, channelId, commands, world } (channelId null: the member's DM with the bot);
 * `send(line)` runs a finished line. The answer's `commandsChanged()` is called once `context().commands` is
 * another member's. `ids` names another message box's parts (the DM's, dm.js).
 */
export function setUpComposer(context, send, ids = {}) {
  const part = {
    form: "composer",
    input: "composer-input",
    list: "suggestions",
    option: "suggestion",
    hint: "composer-hint",
    ...ids,
  };
  const input = document.getElementById(part.input);
  const list = document.getElementById(part.list);
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
            id: `${part.option}-${index}`,
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
      input.setAttribute("aria-activedescendant", `${part.option}-${active}`);
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
  const hint = document.getElementById(part.hint);
  const refresh = async () => {
    const ticket = ++asked;
    hint.textContent = describeQuoting(input.value, context().commands);
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
    } else if (event.key === "Enter" && isReadyToSend(input.value, context().commands)) {
      // Left to the form: the line is sent as it is, with the list still offering optional options.
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
  document.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || isTextField(event.target))
      return;
    // Only the message box in sight (the channel's or the DM's), with no dialog over it.
    if (document.querySelector("dialog[open]") !== null || input.closest("[inert], [hidden]") !== null)
      return;
    event.preventDefault();
    input.focus();
    if (input.value === "") {
      input.value = "/";
      void refresh();
    }
  });
  document.getElementById(part.form).addEventListener("submit", async (event) => {
    event.preventDefault();
    const line = input.value.trim();
    if (line === "") return;
    show([]);
    if (await send(line)) {
      input.value = "";
      // The quoting hint spoke of the line just sent.
      hint.textContent = "";
    }
  });
  // The member's commands changed (another member chosen): what is being typed is offered from the new list.
  return {
    commandsChanged: () => {
      if (document.activeElement === input) void refresh();
    },
  };
}

function isTextField(target) {
  if (target?.isContentEditable === true || target?.tagName === "TEXTAREA") return true;
  const fieldTypes = ["text", "search", "password", "number", "email", "url", "tel"];
  return target?.tagName === "INPUT" && fieldTypes.includes(target.type);
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

const isSubcommand = (option) => option.type === type.group || option.type === type.subcommand;

/** The line's words before the token being typed. */
function wordsBefore(line) {
  const { start } = currentToken(line);
  return line.slice(0, start).trim().split(/\s+/).filter(Boolean);
}

/**
 * Where the line's words lead in its command: `{ subcommands }` while a subcommand group or subcommand is
 * still to be picked, `{ options, position }` once the options are reached (`position`: the first option's
 * word), or null for no such command or path.
 */
function findLeaf(words, commands) {
  const command = commands.find((each) => `/${each.name}` === words[0]);
  if (command === undefined) return null;
  let options = command.options ?? [];
  let position = 1;
  // Subcommand groups and subcommands may sit side by side at the top (a group holds subcommands only):
  // each level lists both kinds until one is picked.
  while (options.some(isSubcommand)) {
    const picked = options.find((option) => isSubcommand(option) && option.name === words[position]);
    if (picked === undefined) return words.length > position ? null : { subcommands: options };
    options = picked.options ?? [];
    position += 1;
  }
  return { options, position };
}

/** After a space, with a subcommand picked and every required option given: Enter sends, as in Discord. */
export function isReadyToSend(line, commands) {
  if (!line.startsWith("/") || currentToken(line).token !== "") return false;
  const words = wordsBefore(line);
  const leaf = findLeaf(words, commands);
  if (leaf === null || leaf.options === undefined) return false;
  const given = new Set(words.slice(leaf.position).map((word) => word.split(":")[0]));
  return leaf.options.every((option) => option.required !== true || given.has(option.name));
}

/** While a free text value is typed: how to give one with spaces. */
function describeQuoting(line, commands) {
  if (!line.startsWith("/")) return "";
  const { token } = currentToken(line);
  const separator = token.indexOf(":");
  if (separator <= 0 || token.slice(separator + 1).startsWith('"')) return "";
  const name = token.slice(0, separator);
  const leaf = findLeaf(wordsBefore(line), commands);
  const option = leaf?.options?.find((each) => each.name === name);
  if (option === undefined || option.type !== type.string || option.choices !== undefined) return "";
  return `A value with spaces goes in quotes: ${name}:"like this"`;
}

async function suggest(line, { member, channelId, commands, world }) {
  if (!line.startsWith("/")) return [];
  const { start, token } = currentToken(line);
  const words = wordsBefore(line);
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
  const leaf = findLeaf(words, commands);
  if (leaf === null) return [];
  if (leaf.subcommands !== undefined) {
    return leaf.subcommands
      .filter((option) => isSubcommand(option) && option.name.startsWith(token))
      .map((option) => ({ label: option.name, detail: option.description, insert: `${option.name} ` }));
  }
  const { options, position } = leaf;
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
    const focused = { name, value: typed };
    // In a DM (no channel here) the bot is asked from the member's own install, as Discord's client does.
    const { choices } =
      channelId === null
        ? await callApi("/api/dm/autocomplete", { member, line: others, focused })
        : await callApi("/api/autocomplete", { member, channelId, line: others, focused });
    return choices.map((choice) => valueItem(choice.name, choice.value));
  }
  if (option.type === type.user)
    return world.members
      .filter((each) => matching(each.name) || matching(`@${each.name}`))
      .map((each) => valueItem(`@${each.name}`, `@${each.name}`));
  if (option.type === type.channel)
    return world.channels
      .filter((each) => matching(each.name) || matching(`#${each.name}`))
      .map((each) => valueItem(`#${each.name}`, `#${each.name}`));
  if (option.type === type.role)
    return world.roles
      .filter((each) => matching(each.name) || matching(roleLabel(each.name)))
      .map((each) => valueItem(roleLabel(each.name), roleLabel(each.name)));
  if (option.type === type.boolean)
    return ["true", "false"].filter(matching).map((each) => valueItem(each, each));
  return [];
}
