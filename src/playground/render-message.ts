// Discord messages as readable terminal text: embeds as titled blocks, buttons numbered for `press <n>`.
import type { APIEmbed } from "discord.js";
import type { StoredMessage } from "../fake-discord/index.js";

export interface RenderedButton {
  readonly customId: string;
  readonly label: string;
  readonly disabled: boolean;
}

const ephemeralFlag = 1 << 6;

/** Buttons that send an interaction (link buttons have no custom_id), in display order. */
export function listButtons(message: StoredMessage): RenderedButton[] {
  const rows = message.components as { components?: Record<string, unknown>[] }[];
  return rows.flatMap((row) =>
    (row.components ?? []).flatMap((component) =>
      component.type === 2 && typeof component.custom_id === "string"
        ? [
            {
              customId: component.custom_id,
              label: typeof component.label === "string" ? component.label : component.custom_id,
              disabled: component.disabled === true,
            },
          ]
        : [],
    ),
  );
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
  const buttons = listButtons(message);
  if (buttons.length > 0) {
    parts.push(
      buttons
        .map((button, index) => `[${index + 1}] ${button.label}${button.disabled ? " (disabled)" : ""}`)
        .join("  "),
    );
  }
  const text = showTimestamps(parts.join("\n"));
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
