import { DiscordHttpError } from "../discord-errors.js";
import type { MessageDraft } from "../messages/message-draft.js";
import { messageFlags, type StoredMessage } from "../messages/message-types.js";
import { discordLimits as limits } from "./discord-limits.js";
import { checkMessageComponents } from "./validate-components.js";
import { checkEmbeds } from "./validate-embeds.js";
import { FieldErrorCollector, isRecord, listOf, type FieldPath } from "./field-checks.js";

export interface MessageCheckOptions {
  /** Files uploaded alongside the JSON part (multipart). */
  fileCount: number;
  /** Edits may leave every field out; creates must carry something to show. */
  isEdit: boolean;
  /** Where the message sits in the body: [] for channel messages, ["data"] for interaction callbacks. */
  path?: FieldPath;
}

/**
 * Checks what Discord's OpenAPI spec cannot say about a message body (the spec's schema has already
 * held it to each field's type and limit) and throws the 400 Discord answers: 50035 with the field paths,
 * or 50006 for a create with nothing to show (docs: Resources, Message — Create Message).
 */
export function assertValidMessageBody(body: unknown, options: MessageCheckOptions): void {
  const path = options.path ?? [];
  const errors = new FieldErrorCollector();
  if (!isRecord(body)) {
    errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    throw new DiscordHttpError("invalidFormBody", errors.errors);
  }
  // The spec allows Create Message 4000 characters; the documentation, and Discord for bots, 2000.
  errors.maxLength([...path, "content"], body.content, limits.contentLength);
  checkEmbeds(errors, body.embeds, [...path, "embeds"]);
  const flags = typeof body.flags === "number" ? body.flags : 0;
  checkMessageComponents(
    errors,
    body.components,
    [...path, "components"],
    (flags & messageFlags.componentsV2) !== 0,
  );
  if ((flags & messageFlags.componentsV2) !== 0) checkComponentsV2Only(errors, body, path);
  checkAllowedMentions(errors, body.allowed_mentions, [...path, "allowed_mentions"]);
  // Files travel as multipart parts, beside the body the spec describes.
  if (options.fileCount > limits.filesPerMessage) {
    errors.add(
      [...path, "files"],
      "BASE_TYPE_MAX_LENGTH",
      `Must be ${limits.filesPerMessage} or fewer in length.`,
    );
  }
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
  if (!options.isEdit && isEmptyMessage(body, options.fileCount)) throw new DiscordHttpError("emptyMessage");
}

/**
 * 400 50006 Cannot send an empty message for an edit that would leave the message with nothing to show:
 * no content, embed, component or attachment once the edit is applied, and no sticker or poll (Discord's
 * documentation, Resources, Message, Create Message, "JSON/Form Params": at least one of content, embeds,
 * sticker_ids, components, files[n] or poll). Discord refuses such an edit as it refuses such a create
 * (PATCH with `{"content": ""}` on a message of content only, discord-api-docs issues 595 and 7785). A field
 * the edit leaves out keeps its value; `null` empties it; uploaded files are added to the attachments the
 * `attachments` array keeps (all of them when it is left out), as MessageStore.edit applies them.
 */
export function assertEditLeavesMessage(
  message: StoredMessage,
  draft: MessageDraft,
  fileCount: number,
): void {
  const content = draft.content === undefined ? message.content : (draft.content ?? "");
  const embeds = draft.embeds === undefined ? message.embeds : (draft.embeds ?? []);
  const components = draft.components === undefined ? message.components : (draft.components ?? []);
  const keptAttachments =
    draft.attachments === undefined || draft.attachments === null
      ? message.attachments.length
      : draft.attachments.filter((entry) => message.attachments.some((kept) => kept.id === entry.id)).length;
  const empty =
    content.trim() === "" &&
    embeds.length === 0 &&
    components.length === 0 &&
    keptAttachments + fileCount === 0 &&
    (message.stickerIds ?? []).length === 0 &&
    message.hasPoll !== true;
  if (empty) throw new DiscordHttpError("emptyMessage");
}

/**
 * An edit of a Components V2 message, which keeps its flag (message-store.ts), is held to the flag's rule
 * whether or not it repeats the flag: no content or embeds (checkComponentsV2Only).
 */
export function assertComponentsV2Edit(
  message: StoredMessage,
  draft: MessageDraft,
  path: FieldPath = [],
): void {
  if ((message.flags & messageFlags.componentsV2) === 0) return;
  const errors = new FieldErrorCollector();
  checkComponentsV2Only(errors, { content: draft.content, embeds: draft.embeds }, path);
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
}

function isEmptyMessage(body: Record<string, unknown>, fileCount: number): boolean {
  const hasContent = typeof body.content === "string" && body.content.trim() !== "";
  return (
    !hasContent &&
    listOf(body.embeds).length === 0 &&
    listOf(body.components).length === 0 &&
    listOf(body.sticker_ids).length === 0 &&
    body.poll === undefined &&
    fileCount === 0
  );
}

/** docs: Allowed Mentions — "parse: ['users']" and "users: [...]" are mutually exclusive, as are roles. */
function checkAllowedMentions(errors: FieldErrorCollector, value: unknown, path: FieldPath): void {
  if (!isRecord(value)) return;
  const parse = listOf(value.parse);
  for (const kind of ["users", "roles"] as const) {
    if (parse.includes(kind) && listOf(value[kind]).length > 0) {
      errors.add(
        [...path, "parse"],
        "SET_TYPE_ALREADY_CONTAINS_VALUE",
        `parse:["${kind}"] and ${kind}: [ids] are mutually exclusive.`,
      );
    }
  }
}

/**
 * "When the flag IS_COMPONENTS_V2 is set, the message can only contain components. Providing content,
 * embeds, sticker_ids, […] or poll will fail with a 400" (Discord's documentation, Resources, Message, Create
 * Message, `flags`); the field error's code is the fake's own, as the docs give none. An empty value counts
 * as none, as `null` clears a field.
 */
function checkComponentsV2Only(
  errors: FieldErrorCollector,
  body: Record<string, unknown>,
  path: FieldPath,
): void {
  const given = (value: unknown): boolean =>
    value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);
  for (const field of ["content", "embeds", "sticker_ids", "poll"] as const) {
    if (given(body[field])) {
      errors.add(
        [...path, field],
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        `The '${field}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2`,
      );
    }
  }
}
