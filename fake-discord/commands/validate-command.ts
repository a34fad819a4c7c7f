import { DiscordHttpError } from "../discord-errors.js";
import { FieldErrorCollector, isRecord, listOf, type FieldPath } from "../validation/field-checks.js";

/** Command names: 1–32 lowercase letters, digits, - or _ (docs: Application Commands, Naming). */
const commandNamePattern = /^[-_'\p{Ll}\p{Lo}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const chatInputType = 1;
const subcommandTypes = new Set([1, 2]);

/** Checks a bulk overwrite the way Discord does: names, descriptions, option counts, unique names. */
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

function checkCommand(errors: FieldErrorCollector, body: unknown, path: FieldPath): void {
  if (!isRecord(body)) {
    errors.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType");
    return;
  }
  const isChatInput = (body.type ?? chatInputType) === chatInputType;
  checkNameAndDescription(errors, body, path, isChatInput);
  checkOptions(errors, body.options, [...path, "options"], 0);
}

function checkNameAndDescription(
  errors: FieldErrorCollector,
  body: Record<string, unknown>,
  path: FieldPath,
  isChatInput: boolean,
): void {
  if (
    errors.required([...path, "name"], body.name) &&
    isChatInput &&
    !commandNamePattern.test(String(body.name))
  ) {
    errors.add([...path, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
  }
  if (isChatInput) {
    if (errors.required([...path, "description"], body.description)) {
      errors.maxLength([...path, "description"], body.description, 100);
    }
  }
}

function checkOptions(errors: FieldErrorCollector, options: unknown, path: FieldPath, depth: number): void {
  const list = listOf(options);
  errors.maxItems(path, list, 25);
  list.forEach((option, index) => {
    const optionPath = [...path, index];
    if (!isRecord(option)) {
      errors.add(optionPath, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType");
      return;
    }
    checkNameAndDescription(errors, option, optionPath, true);
    errors.maxItems([...optionPath, "choices"], listOf(option.choices), 25);
    if (subcommandTypes.has(Number(option.type))) {
      if (depth >= 2)
        errors.add(
          [...optionPath, "type"],
          "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
          "Subcommands nest at most two levels",
        );
      checkOptions(errors, option.options, [...optionPath, "options"], depth + 1);
    }
  });
}
