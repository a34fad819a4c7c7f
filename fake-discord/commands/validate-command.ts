import { DiscordHttpError } from "../discord-errors.js";
import { FieldErrorCollector, isRecord, listOf, type FieldPath } from "../validation/field-checks.js";

/** Command names: 1–32 lowercase letters, digits, - or _ (docs: Application Commands, Naming). */
const commandNamePattern = /^[-_'\p{Ll}\p{Lo}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const chatInputType = 1;

/** Checks a bulk overwrite the way Discord does: at most 100 commands, unique names, valid names. */
export function assertValidCommandList(bodies: unknown): Record<string, unknown>[] {
  const errors = new FieldErrorCollector();
  if (!Array.isArray(bodies)) {
    errors.add([], "LIST_TYPE_CONVERT", "Must be an array.");
    throw new DiscordHttpError("invalidFormBody", errors.errors);
  }
  errors.maxItems([], bodies, 100);
  const seen = new Set<string>();
  bodies.forEach((body, index) => {
    checkCommand(errors, body, [index]);
    if (isRecord(body)) {
      const key = `${typeof body.type === "number" ? body.type : chatInputType}:${String(body.name)}`;
      if (seen.has(key))
        errors.add(
          [index, "name"],
          "APPLICATION_COMMANDS_DUPLICATE_NAME",
          `Application command names must be unique`,
        );
      seen.add(key);
    }
  });
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
  return bodies as Record<string, unknown>[];
}

export function assertValidCommand(body: unknown): Record<string, unknown> {
  const errors = new FieldErrorCollector();
  checkCommand(errors, body, []);
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
  return body as Record<string, unknown>;
}

/**
 * What Discord's OpenAPI spec cannot say about a command (its schema holds the lengths, option counts and
 * nesting): a chat input command's name pattern and its description, which the spec leaves optional.
 */
function checkCommand(errors: FieldErrorCollector, body: unknown, path: FieldPath): void {
  if (!isRecord(body) || (body.type ?? chatInputType) !== chatInputType) return;
  if (errors.required([...path, "name"], body.name) && !commandNamePattern.test(String(body.name))) {
    errors.add([...path, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
  }
  errors.required([...path, "description"], body.description);
  listOf(body.options).forEach((option, index) => {
    checkOptionName(errors, option, [...path, "options", index]);
  });
}

/** Option names follow the command name pattern, at every level (docs: Application Commands, Naming). */
function checkOptionName(errors: FieldErrorCollector, option: unknown, path: FieldPath): void {
  if (!isRecord(option)) return;
  if (!commandNamePattern.test(String(option.name))) {
    errors.add([...path, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
  }
  listOf(option.options).forEach((child, index) => {
    checkOptionName(errors, child, [...path, "options", index]);
  });
}
