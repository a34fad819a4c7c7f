// Discord's markdown drawn as DOM nodes: text is only ever set as text (never parsed as HTML), links open
// only http(s) addresses, mentions become pills and <t:…> timestamps show in the reader's time zone.
import { el } from "./api.js";

const inlineRules = [
  // A backslash before a markdown character makes it plain, as the bot escapes platform text.
  { name: "escape", pattern: /\\([^A-Za-z0-9\s])/ },
  { name: "code", pattern: /`([^`\n]+)`/ },
  // Inside emphasis a backslash and the character after it go together, as in Discord's rules: `**Owls\***`
  // is "Owls*" in bold, not bold "Owls\" and a stray star.
  { name: "bold", pattern: /\*\*((?:\\[\s\S]|[^\\])+?)\*\*(?!\*)/ },
  { name: "underline", pattern: /__((?:\\[\s\S]|[^\\])+?)__(?!_)/ },
  // An opening marker right after a backslash is the escape's, not italic's: trying each of a line of escaped
  // stars as an opening scanned the rest of the line each time (seconds for a 4,096-character description).
  {
    name: "italic",
    pattern: /(?<!\\)\*((?:\\[^\n]|[^*\\\n])+?)\*(?!\*)|(?<!\\)\b_((?:\\[^\n]|[^_\\\n])+?)_\b/,
  },
  { name: "strike", pattern: /~~((?:\\[\s\S]|[^\\])+?)~~/ },
  { name: "spoiler", pattern: /\|\|((?:\\[\s\S]|[^\\])+?)\|\|/ },
  { name: "masked", pattern: /\[([^\]\n]+)\]\(<?(https?:\/\/[^\s)>]+)>?\)/ },
  { name: "url", pattern: /<?(https?:\/\/[^\s<>]+[^\s<>.,;:!?)'"])>?/ },
  { name: "user", pattern: /<@!?(\d+)>/ },
  { name: "role", pattern: /<@&(\d+)>/ },
  { name: "channel", pattern: /<#(\d+)>/ },
  { name: "time", pattern: /<t:(-?\d+)(?::([tTdDfFR]))?>/ },
  { name: "emoji", pattern: /<a?:(\w+):\d+>/ },
];

/** Appends `text` drawn as Discord markdown to `parent`; `world` names users, roles and channels. */
export function appendMarkdown(parent, text, world) {
  const parts = String(text).split(/```(?:[\w+-]*\n)?([\s\S]*?)```/);
  parts.forEach((part, index) => {
    if (index % 2 === 1)
      parent.append(el("pre", { class: "code-block" }, el("code", {}, part.replace(/\n$/, ""))));
    else appendBlocks(parent, part, world);
  });
}

function appendBlocks(parent, text, world) {
  const lines = text.split("\n");
  let quote = null;
  let list = null;
  let paragraph = null;
  const closeAll = () => {
    quote = null;
    list = null;
    paragraph = null;
  };
  lines.forEach((line, index) => {
    const quoted = /^>>?>? ?(.*)$/.exec(line);
    if (quoted !== null && !line.startsWith(">>>")) {
      if (quote === null) {
        closeAll();
        quote = el("blockquote");
        parent.append(quote);
      } else quote.append("\n");
      appendInline(quote, quoted[1], world);
      return;
    }
    const heading = /^(#{1,3}) (.+)$/.exec(line);
    if (heading !== null) {
      closeAll();
      const node = el(`h${heading[1].length + 2}`, { class: "md-heading" });
      appendInline(node, heading[2], world);
      parent.append(node);
      return;
    }
    const subtext = /^-# (.+)$/.exec(line);
    if (subtext !== null) {
      closeAll();
      const node = el("small", { class: "md-subtext" });
      appendInline(node, subtext[1], world);
      parent.append(node);
      return;
    }
    const item = /^\s*[-*] (.+)$/.exec(line);
    if (item !== null) {
      if (list === null) {
        closeAll();
        list = el("ul", { class: "md-list" });
        parent.append(list);
      }
      const node = el("li");
      appendInline(node, item[1], world);
      list.append(node);
      return;
    }
    if (paragraph === null) {
      closeAll();
      paragraph = el("span", { class: "md-text" });
      parent.append(paragraph);
    } else paragraph.append("\n");
    appendInline(paragraph, line, world);
    if (index === lines.length - 1 && line === "") paragraph.lastChild?.remove();
  });
}

/** Inline markdown: the earliest rule that matches wins, its inside drawn the same way. */
export function appendInline(parent, text, world) {
  let rest = text;
  while (rest.length > 0) {
    let best = null;
    for (const rule of inlineRules) {
      const match = rule.pattern.exec(rest);
      if (match !== null && (best === null || match.index < best.match.index)) best = { rule, match };
    }
    if (best === null) {
      parent.append(rest);
      return;
    }
    if (best.match.index > 0) parent.append(rest.slice(0, best.match.index));
    parent.append(drawInline(best.rule.name, best.match, world));
    rest = rest.slice(best.match.index + best.match[0].length);
  }
}

function wrap(tag, attributes, inner, world) {
  const node = el(tag, attributes);
  appendInline(node, inner, world);
  return node;
}

function drawInline(name, match, world) {
  switch (name) {
    case "escape":
      return document.createTextNode(match[1]);
    case "code":
      return el("code", { class: "inline-code" }, match[1]);
    case "bold":
      return wrap("strong", {}, match[1], world);
    case "underline":
      return wrap("u", {}, match[1], world);
    case "italic":
      return wrap("em", {}, match[1] ?? match[2], world);
    case "strike":
      return wrap("s", {}, match[1], world);
    case "spoiler":
      return wrap("span", { class: "spoiler", tabindex: "0", title: "Spoiler" }, match[1], world);
    case "masked":
      return wrap("a", { href: match[2], target: "_blank", rel: "noopener noreferrer" }, match[1], world);
    case "url":
      return el("a", { href: match[1], target: "_blank", rel: "noopener noreferrer" }, match[1]);
    case "user":
      return el("span", { class: "mention" }, `@${world.userName(match[1])}`);
    case "role":
      // Marked with its id, so the name is put right when the page learns of a role made after the message.
      return el("span", { class: "mention", "data-role-id": match[1] }, roleLabel(world.roleName(match[1])));
    case "channel":
      return el("span", { class: "mention" }, `#${world.channelName(match[1])}`);
    case "time":
      return drawTimestamp(Number(match[1]), match[2] ?? "f");
    case "emoji":
      return el("span", { class: "emoji" }, `:${match[1]}:`);
    default:
      return document.createTextNode(match[0]);
  }
}

/** A role as a mention shows it: "@Gold", and @everyone once, since its name already starts with "@". */
export function roleLabel(name) {
  return name.startsWith("@") ? name : `@${name}`;
}

const styles = {
  t: { timeStyle: "short" },
  T: { timeStyle: "medium" },
  d: { dateStyle: "short" },
  D: { dateStyle: "long" },
  f: { dateStyle: "long", timeStyle: "short" },
  F: { dateStyle: "full", timeStyle: "short" },
};

// How far the playground's one clock runs ahead of this browser's: "in 5 days" is read against the clock the
// platform, the bot and Discord's timestamps share (playground/README.md, "One clock").
let clockAheadMs = 0;

/** The playground clock's time, as the server last said it (`/api/world`, or a move of the clock). */
export function followClock(now) {
  clockAheadMs = now - Date.now();
}

/** Now on the playground's clock. */
function clockNow() {
  return Date.now() + clockAheadMs;
}

/** `<t:seconds:style>` in the reader's own time zone; hovering shows the full date. */
export function drawTimestamp(seconds, style) {
  const date = new Date(seconds * 1000);
  const full = date.toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" });
  if (style === "R") {
    keepRelativeTimesCurrent();
    const attributes = { class: "timestamp relative", datetime: date.toISOString(), title: full };
    return el("time", attributes, relativeTime(date));
  }
  const text = date.toLocaleString(undefined, styles[style] ?? styles.f);
  return el("time", { class: "timestamp", datetime: date.toISOString(), title: full }, text);
}

/**
 * When a message was sent, headed as Discord's client heads it: "Today at 3:04 PM", "Yesterday at 3:04 PM",
 * else its date and time, the days counted on the playground's clock (which moves by days); hovering shows
 * the full date.
 */
export function drawSentAt(ms) {
  const date = new Date(ms);
  const time = date.toLocaleTimeString(undefined, { timeStyle: "short" });
  const startOfDay = (day) => new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
  const daysAgo = Math.round((startOfDay(new Date(clockNow())) - startOfDay(date)) / 86_400_000);
  const text =
    daysAgo === 0
      ? `Today at ${time}`
      : daysAgo === 1
        ? `Yesterday at ${time}`
        : date.toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" });
  const full = date.toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" });
  return el("time", { class: "sent-at", datetime: date.toISOString(), title: full }, text);
}

let ticking = false;

/** Relative times shown on the page follow the clock each second, as Discord's client keeps them current. */
function keepRelativeTimesCurrent() {
  if (ticking) return;
  ticking = true;
  window.setInterval(() => {
    for (const shown of document.querySelectorAll("time.timestamp.relative")) {
      const text = relativeTime(new Date(shown.getAttribute("datetime")));
      if (shown.textContent !== text) shown.textContent = text;
    }
  }, 1000);
}

function relativeTime(date) {
  const seconds = Math.round((date.getTime() - clockNow()) / 1000);
  const units = [
    ["year", 31_536_000],
    ["month", 2_592_000],
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
    ["second", 1],
  ];
  const [unit, size] = units.find(([, each]) => Math.abs(seconds) >= each) ?? ["second", 1];
  return new Intl.RelativeTimeFormat(undefined, { numeric: "auto" }).format(Math.round(seconds / size), unit);
}
