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
 * The characters of a command's names, descriptions and choice values together (docs: Application Commands).
 */
const combinedTextLimit = 8000;
const subcommandTypes = new Set<unknown>([1, 2]);

/**
 * What Discord's OpenAPI spec cannot say about a command (its schema holds the lengths, option counts and
 * nesting): a chat input command's name pattern and its description, which the spec leaves optional, and the
 * rules on its options at every level (docs: Application Commands, Application Command Option Structure):
 * required ones before optional ones, names unique, subcommands not mixed with other options, autocomplete
 * not with choices; and its text within 8,000 characters. The field errors' codes the docs do not give are
 * the fake's own.
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
  checkOptionList(errors, listOf(body.options), [...path, "options"]);
  if (commandText(body) > combinedTextLimit) {
    errors.add(
      path,
      "APPLICATION_COMMAND_TOO_LARGE",
      `Command exceeds maximum size (${String(combinedTextLimit)})`,
    );
  }
}

/** One level of options, then each subcommand's and group's own. */
function checkOptionList(errors: FieldErrorCollector, options: readonly unknown[], path: FieldPath): void {
  const records = options.filter(isRecord);
  const subcommands = records.filter((option) => subcommandTypes.has(option.type));
  if (subcommands.length > 0 && subcommands.length < records.length) {
    errors.add(
      path,
      "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
      "Sub-command and sub-command group option types are mutually exclusive to all other types",
    );
  }
  const names = new Set<unknown>();
  let optionalSeen = false;
  options.forEach((option, index) => {
    if (!isRecord(option)) return;
    if (names.has(option.name)) {
      errors.add(
        [...path, index, "name"],
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
        "Option names must be unique",
      );
    }
    names.add(option.name);
    if (!subcommandTypes.has(option.type)) {
      if (option.required === true && optionalSeen) {
        errors.add(
          [...path, index, "required"],
          "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
          "Required options must be placed before non-required options",
        );
      }
      if (option.required !== true) optionalSeen = true;
    }
    if (option.autocomplete === true && listOf(option.choices).length > 0) {
      errors.add(
        [...path, index, "autocomplete"],
        "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
        "Autocomplete cannot be set on options with choices",
      );
    }
    checkOptionList(errors, listOf(option.options), [...path, index, "options"]);
  });
}

/** Names, descriptions and choice names and values, at every level. */
function commandText(node: Record<string, unknown>): number {
  const text = (value: unknown) =>
    typeof value === "string" || typeof value === "number" ? String(value).length : 0;
  let total = text(node.name) + text(node.description);
  for (const choice of listOf(node.choices))
    if (isRecord(choice)) total += text(choice.name) + text(choice.value);
  for (const option of listOf(node.options)) if (isRecord(option)) total += commandText(option);
  return total;
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
