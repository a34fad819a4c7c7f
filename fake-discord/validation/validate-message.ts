import { DiscordHttpError } from "../discord-errors.js";
import { messageFlags } from "../messages/message-types.js";
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
 * Checks a message body against Discord's limits and throws the 400 Discord answers: 50035 with the
 * field paths, or 50006 for a create with nothing to show (docs: Resources, Message — Create Message).
 */
export function assertValidMessageBody(body: unknown, options: MessageCheckOptions): void {
  const path = options.path ?? [];
  const errors = new FieldErrorCollector();
  if (!isRecord(body)) {
    errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    throw new DiscordHttpError("invalidFormBody", errors.errors);
  }
  if (errors.string([...path, "content"], body.content)) {
    errors.maxLength([...path, "content"], body.content, limits.contentLength);
  }
  checkEmbeds(errors, body.embeds, [...path, "embeds"]);
  const flags = typeof body.flags === "number" ? body.flags : 0;
  checkMessageComponents(
    errors,
    body.components,
    [...path, "components"],
    (flags & messageFlags.componentsV2) !== 0,
  );
  checkAllowedMentions(errors, body.allowed_mentions, [...path, "allowed_mentions"]);
  checkNonce(errors, body.nonce, [...path, "nonce"]);
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

function checkAllowedMentions(errors: FieldErrorCollector, value: unknown, path: FieldPath): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errors.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType");
    return;
  }
  const parse = listOf(value.parse);
  const users = listOf(value.users);
  const roles = listOf(value.roles);
  errors.maxItems([...path, "users"], users, limits.allowedMentionUsers);
  errors.maxItems([...path, "roles"], roles, limits.allowedMentionUsers);
  // docs: Allowed Mentions — "parse: ['users']" and "users: [...]" are mutually exclusive.
  if (parse.includes("users") && users.length > 0) {
    errors.add(
      [...path, "parse"],
      "SET_TYPE_ALREADY_CONTAINS_VALUE",
      'parse:["users"] and users: [ids] are mutually exclusive.',
    );
  }
  if (parse.includes("roles") && roles.length > 0) {
    errors.add(
      [...path, "parse"],
      "SET_TYPE_ALREADY_CONTAINS_VALUE",
      'parse:["roles"] and roles: [ids] are mutually exclusive.',
    );
  }
}

function checkNonce(errors: FieldErrorCollector, value: unknown, path: FieldPath): void {
  if (value === undefined || value === null || typeof value === "number") return;
  if (typeof value !== "string") {
    errors.add(path, "STRING_TYPE_CONVERT", "Could not interpret value as string.");
    return;
  }
  errors.maxLength(path, value, limits.nonceLength);
}
