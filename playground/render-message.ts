// Discord messages as readable terminal text: embeds as titled blocks, buttons and menus numbered for
// `press <n>`.
import type { APIEmbed } from "discord.js";
import type { StoredMessage } from "../fake-discord/index.js";

/** A button or a select menu a member can use, numbered in display order for `press <n>`. */
export interface RenderedControl {
  readonly customId: string;
  readonly label: string;
  readonly disabled: boolean;
  /** For select menus: what can be picked (user, role and channel selects take ids). */
  readonly select?: { readonly options: readonly { label: string; value: string }[] };
}

const ephemeralFlag = 1 << 6;
/** Every control character but the line break and the tab. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const terminalControls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const buttonType = 2;
// String, user, role, mentionable and channel selects (docs: Component Types).
const selectTypes = new Set([3, 5, 6, 7, 8]);

function readControl(component: Record<string, unknown>): RenderedControl | undefined {
  if (typeof component.custom_id !== "string") return undefined; // link buttons send no interaction
  const disabled = component.disabled === true;
  if (component.type === buttonType) {
    const label = typeof component.label === "string" ? component.label : component.custom_id;
    return { customId: component.custom_id, label, disabled };
  }
  if (typeof component.type !== "number" || !selectTypes.has(component.type)) return undefined;
  const options = (
    Array.isArray(component.options) ? (component.options as Record<string, unknown>[]) : []
  ).map((option) => ({ label: String(option.label), value: String(option.value) }));
  const label = typeof component.placeholder === "string" ? component.placeholder : "Select";
  return { customId: component.custom_id, label, disabled, select: { options } };
}

/** Buttons and select menus that send an interaction, in display order. */
export function listControls(message: StoredMessage): RenderedControl[] {
  const rows = message.components as { components?: Record<string, unknown>[] }[];
  return rows.flatMap((row) => (row.components ?? []).flatMap((component) => readControl(component) ?? []));
}

function describeControl(control: RenderedControl, index: number): string {
  const disabled = control.disabled ? " (disabled)" : "";
  if (control.select === undefined) return `[${index + 1}] ${control.label}${disabled}`;
  const options = control.select.options.map((option) =>
    option.label === option.value ? option.value : `${option.value} (${option.label})`,
  );
  const choices = options.length === 0 ? "" : `: ${options.join(", ")}`;
  return `[${index + 1}] ▾ ${control.label}${disabled}${choices} — press ${index + 1} <value…>`;
}

/** `<t:1700000000:R>` timestamps as readable dates. */
function showTimestamps(text: string): string {
  return text.replace(/<t:(\d+)(?::\w)?>/g, (_match, seconds: string) =>
    new Date(Number(seconds) * 1000).toISOString().replace("T", " ").slice(0, 16),
  );
}

function indent(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => prefix + line)
    .join("\n");
}

function renderEmbed(embed: APIEmbed): string {
  const lines = [`┌─ ${embed.title ?? "(embed)"}`];
  if (embed.description !== undefined) lines.push(indent(embed.description, "│ "));
  for (const field of embed.fields ?? []) lines.push(`│ ${field.name}:`, indent(field.value, "│   "));
  if (embed.image?.url !== undefined) lines.push(`│ [image] ${embed.image.url}`);
  if (embed.footer?.text !== undefined) lines.push(`│ — ${embed.footer.text}`);
  lines.push("└─");
  return lines.join("\n");
}

/** The message as text; `attachmentPaths` are where its attachments were saved. */
export function renderMessage(
  message: StoredMessage,
  attachmentPaths: readonly string[] = [],
  nameOf: (userId: string) => string | undefined = () => undefined,
): string {
  const parts: string[] = [];
  if ((message.flags & ephemeralFlag) !== 0) parts.push("(only you can see this)");
  if (message.content !== "") parts.push(message.content);
  parts.push(...message.embeds.map(renderEmbed));
  for (const path of attachmentPaths) parts.push(`📎 saved to ${path}`);
  const controls = listControls(message);
  if (controls.length > 0) parts.push(controls.map(describeControl).join("  "));
  // Platform text is shown as text: a carriage return, alone or before a line feed, is a line break, and no
  // other control character (an escape sequence) reaches the terminal to act on it.
  const text = showTimestamps(parts.join("\n")).replace(/\r\n?/g, "\n").replace(terminalControls, "?");
  return text.replace(/<@!?(\d+)>/g, (mention, userId: string) => {
    const name = nameOf(userId);
    return name === undefined ? mention : `@${name}`;
  });
}

/** A modal the bot opened, listing the field ids `fill key=value` takes. */
export function renderModal(modal: Record<string, unknown>): string {
  const rows = Array.isArray(modal.components) ? (modal.components as Record<string, unknown>[]) : [];
  const inputs = rows.flatMap((row) => {
    // Action rows hold `components`; label components (modals v2) hold one `component`.
    const inner = Array.isArray(row.components)
      ? (row.components as Record<string, unknown>[])
      : [(row.component ?? row) as Record<string, unknown>];
    const input = inner.find((candidate) => typeof candidate.custom_id === "string");
    return input === undefined ? [] : [input];
  });
  const title = typeof modal.title === "string" ? modal.title : "Form";
  const lines = inputs.map((input) => {
    const label = typeof input.label === "string" ? ` (${input.label})` : "";
    const value = typeof input.value === "string" ? ` = ${JSON.stringify(input.value)}` : "";
    return `│ ${String(input.custom_id)}${label}${value}`;
  });
  return [`┌─ 📝 ${title} — answer with: fill key=value …`, ...lines, "└─"].join("\n");
}
