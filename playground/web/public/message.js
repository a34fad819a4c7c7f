// One message as Discord draws it: who used which command, the author, content, embeds (colour bar,
// author, title, description, fields, image, footer), attachments, buttons and menus, and the summary of the
// thread it started.
import { el } from "./api.js";
import { appendMarkdown, drawSentAt, drawTimestamp } from "./markdown.js";
import { drawThreadSummary } from "./thread-summary.js";

const buttonStyles = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium" };
const selectTypes = new Set([3, 5, 6, 7, 8]);

/**
 * `actions.press(message, component)` and `actions.select(message, component, values)` send the interaction;
 * `actions.openThread(threadId)` opens the thread a message started, and `actions.openThreadId()` names the
 * open one.
 */
export function drawMessage(message, world, actions) {
  const item = el("li", {
    class: `message${message.ephemeral ? " ephemeral" : ""}`,
    id: `message-${message.id}`,
    "data-message-id": message.id,
  });
  if (message.usedBy !== null && message.usedBy.command !== null) {
    item.append(
      el(
        "p",
        { class: "used-by" },
        `${message.usedBy.name} used `,
        el("span", { class: "command-name" }, `/${message.usedBy.command}`),
      ),
    );
  }
  const header = el(
    "p",
    { class: "message-header" },
    el("span", { class: "author" }, message.author.name),
    message.author.bot ? el("span", { class: "bot-tag" }, "APP") : null,
    drawSentAt(message.createdAt),
  );
  item.append(header);
  const body = el("div", { class: "message-body" });
  item.append(body);
  if (message.loading) {
    body.append(
      el(
        "p",
        { class: "thinking" },
        `${world.botName} is thinking`,
        el("span", { class: "dots", "aria-hidden": "true" }, "…"),
      ),
    );
  } else if (message.content !== "") {
    const content = el("div", { class: "content" });
    appendMarkdown(content, message.content, world);
    if (message.edited) content.append(el("span", { class: "edited" }, " (edited)"));
    body.append(content);
  }
  const shownInEmbeds = new Set();
  for (const embed of message.embeds) body.append(drawEmbed(embed, message, world, shownInEmbeds));
  for (const attachment of message.attachments) {
    if (shownInEmbeds.has(attachment.filename)) continue;
    body.append(drawAttachment(attachment));
  }
  for (const row of message.components) body.append(drawRow(row, message, actions));
  if (message.ephemeral) {
    body.append(
      el("p", { class: "only-you" }, el("span", { "aria-hidden": "true" }, "👁 "), "Only you can see this"),
    );
  }
  const thread = message.thread ?? actions.knownThread?.(message.id);
  if (thread !== null && thread !== undefined && actions.openThread !== undefined) {
    const open = actions.openThreadId?.() === thread.id;
    body.append(drawThreadSummary(thread, actions.openThread, open));
  }
  return item;
}

function drawEmbed(embed, message, world, shownInEmbeds) {
  const color = typeof embed.color === "number" ? `#${embed.color.toString(16).padStart(6, "0")}` : "#4e5058";
  const box = el("article", { class: "embed" });
  box.style.borderLeftColor = color;
  if (embed.author?.name !== undefined) {
    const name =
      embed.author.url === undefined ? embed.author.name : link(embed.author.url, embed.author.name);
    box.append(el("p", { class: "embed-author" }, name));
  }
  if (embed.title !== undefined) {
    const title = el("h3", { class: "embed-title" });
    const target = embed.url === undefined ? title : title.appendChild(link(embed.url, ""));
    appendMarkdown(target, embed.title, world);
    box.append(title);
  }
  if (embed.thumbnail?.url !== undefined)
    box.append(drawImage(embed.thumbnail.url, message, shownInEmbeds, "embed-thumbnail"));
  if (embed.description !== undefined) {
    const description = el("div", { class: "embed-description" });
    appendMarkdown(description, embed.description, world);
    box.append(description);
  }
  if ((embed.fields ?? []).length > 0) {
    const fields = el("div", { class: "embed-fields" });
    for (const field of embed.fields) {
      const cell = el("div", { class: `embed-field${field.inline === true ? " inline" : ""}` });
      const name = el("p", { class: "field-name" });
      appendMarkdown(name, field.name, world);
      const value = el("div", { class: "field-value" });
      appendMarkdown(value, field.value, world);
      cell.append(name, value);
      fields.append(cell);
    }
    box.append(fields);
  }
  if (embed.image?.url !== undefined)
    box.append(drawImage(embed.image.url, message, shownInEmbeds, "embed-image"));
  if (embed.footer?.text !== undefined || embed.timestamp !== undefined) {
    const footer = el("p", { class: "embed-footer" });
    if (embed.footer?.text !== undefined) footer.append(embed.footer.text);
    if (embed.timestamp !== undefined) {
      if (embed.footer?.text !== undefined) footer.append(" • ");
      footer.append(drawTimestamp(Math.floor(Date.parse(embed.timestamp) / 1000), "f"));
    }
    box.append(footer);
  }
  return box;
}

/** `attachment://name` points at the message's own file; other addresses are left as links. */
function drawImage(url, message, shownInEmbeds, className) {
  const name = url.startsWith("attachment://") ? url.slice("attachment://".length) : null;
  const attachment = message.attachments.find((each) => each.filename === name);
  if (attachment === undefined) return el("p", { class: className }, link(url, url));
  shownInEmbeds.add(attachment.filename);
  const image = el("img", { class: className, src: attachment.url, alt: attachment.filename });
  return className === "embed-image" ? el("div", { class: "image-frame" }, image) : image;
}

function drawAttachment(attachment) {
  if (attachment.contentType.startsWith("image/")) {
    const image = el("img", { class: "attachment-image", src: attachment.url, alt: attachment.filename });
    return el("div", { class: "image-frame" }, image);
  }
  return el(
    "p",
    { class: "attachment" },
    el("a", { href: attachment.url, download: attachment.filename }, `📎 ${attachment.filename}`),
  );
}

function drawRow(row, message, actions) {
  const box = el("div", { class: "component-row" });
  for (const component of row.components ?? []) {
    if (component.type === 2) box.append(drawButton(component, message, actions));
    else if (selectTypes.has(component.type)) box.append(drawSelect(component, message, actions));
  }
  return box;
}

function drawButton(component, message, actions) {
  const style = buttonStyles[component.style] ?? "secondary";
  const label = `${component.emoji?.name ? `${component.emoji.name} ` : ""}${component.label ?? ""}`.trim();
  if (component.style === 5) {
    // The arrow is drawn only; a screen reader hears that the link opens a new tab instead.
    const anchor = link(component.url, label);
    anchor.append(
      el("span", { "aria-hidden": "true" }, "\u00a0↗"),
      el("span", { class: "visually-hidden" }, " (opens in a new tab)"),
    );
    anchor.className = "button link";
    if (component.disabled === true) anchor.setAttribute("aria-disabled", "true");
    return anchor;
  }
  return el(
    "button",
    {
      type: "button",
      class: `button ${style}`,
      disabled: component.disabled === true,
      "data-focus-key": `button-${component.custom_id}`,
      onclick: (event) => actions.press(message, component, event.currentTarget),
    },
    label === "" ? component.custom_id : label,
  );
}

/**
 * A string select as a menu and a Pick button: choosing with the arrow keys sends nothing until Pick, as
 * Discord sends only once its menu closes. Other selects (users, roles, channels) take ids typed in.
 */
function drawSelect(component, message, actions) {
  const placeholder = component.placeholder ?? "Make a selection";
  const disabled = component.disabled === true;
  const multiple = (component.max_values ?? 1) > 1;
  const form = el("form", { class: "select-form" });
  const pick = el(
    "button",
    { type: "submit", class: "button secondary", disabled, "data-focus-key": `pick-${component.custom_id}` },
    "Pick",
  );
  if (component.type !== 3) {
    const input = el("input", {
      "aria-label": `${placeholder} (ids, separated by spaces)`,
      placeholder: component.placeholder ?? "ids",
      disabled,
      "data-focus-key": `menu-${component.custom_id}`,
    });
    form.append(input, pick);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      actions.select(message, component, input.value.split(/\s+/).filter(Boolean), pick);
    });
    return form;
  }
  const select = el(
    "select",
    {
      class: "select-menu",
      "aria-label": placeholder,
      disabled,
      multiple,
      "data-focus-key": `menu-${component.custom_id}`,
    },
    multiple ? null : el("option", { value: "", disabled: true, selected: true }, placeholder),
    (component.options ?? []).map((option) =>
      el("option", { value: option.value, selected: option.default === true }, option.label),
    ),
  );
  form.append(select, pick);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const values = [...select.selectedOptions].map((option) => option.value).filter((value) => value !== "");
    if (values.length > 0) actions.select(message, component, values, pick);
  });
  return form;
}

function link(href, text) {
  const safe = /^https?:\/\//.test(href ?? "") ? href : "#";
  return el("a", { href: safe, target: "_blank", rel: "noopener noreferrer" }, text);
}
