// Reading what the bot sent, as a member sees it: embed fields, buttons, and whether only they see it.
import type { StoredMessage } from "../../../fake-discord/index.js";

/** Discord's EPHEMERAL message flag. */
export const ephemeral = 1 << 6;

/** A button as stored; link buttons have a `url` and no `custom_id`. */
export interface Button {
  readonly custom_id: string;
  readonly label: string;
  readonly url?: string;
  readonly disabled?: boolean;
}

/** Every button of the message, row after row. */
export function buttons(message: StoredMessage): Button[] {
  return (message.components as { components: Button[] }[]).flatMap((row) => row.components);
}

export function buttonLabelled(message: StoredMessage, label: string): Button {
  const button = buttons(message).find((candidate) => candidate.label === label);
  if (button === undefined) throw new Error(`no "${label}" button`);
  return button;
}

/** The value of the named field in the message's first embed. */
export function field(message: StoredMessage, name: string): string | undefined {
  return message.embeds[0]?.fields?.find((candidate) => candidate.name === name)?.value;
}

/** The first embed's fields by name. */
export function fieldsOf(message: StoredMessage): Record<string, string> {
  return Object.fromEntries((message.embeds[0]?.fields ?? []).map((entry) => [entry.name, entry.value]));
}

/** The first embed's field names, in order. */
export function fieldNames(message: StoredMessage): string[] {
  return (message.embeds[0]?.fields ?? []).map((entry) => entry.name);
}

/** Each attachment's file name and its text, in order. */
export function attachedTexts(message: StoredMessage): [string, string][] {
  return message.attachments.map((file) => [file.filename, file.data.toString("utf8")]);
}
