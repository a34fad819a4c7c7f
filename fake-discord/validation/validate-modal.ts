import { DiscordHttpError } from "../discord-errors.js";
import { discordLimits as limits } from "./discord-limits.js";
import { checkUniqueCustomIds, componentType } from "./validate-components.js";
import { FieldErrorCollector, isRecord, listOf, type FieldPath } from "./field-checks.js";

/**
 * A modal (callback type 9): title ≤ 45, ≤ 5 rows, each an action row holding one text input, a label
 * wrapping one input, or a text display (docs: Interactions, Modal; Components, Text Input and Label).
 */
export function assertValidModal(data: unknown): void {
  const errors = new FieldErrorCollector();
  const path = ["data"];
  if (!isRecord(data)) {
    errors.add(path, "BASE_TYPE_REQUIRED", "This field is required");
    throw new DiscordHttpError("invalidFormBody", errors.errors);
  }
  if (errors.required([...path, "title"], data.title))
    errors.maxLength([...path, "title"], data.title, limits.modalTitle);
  if (errors.required([...path, "custom_id"], data.custom_id)) {
    errors.maxLength([...path, "custom_id"], data.custom_id, limits.customId);
  }
  const rows = listOf(data.components);
  errors.maxItems([...path, "components"], rows, limits.modalRows);
  if (rows.length === 0)
    errors.add([...path, "components"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.");
  checkUniqueCustomIds(errors, rows, [...path, "components"]);
  rows.forEach((row, index) => {
    checkModalRow(errors, row, [...path, "components", index]);
  });
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
}

function checkModalRow(errors: FieldErrorCollector, row: unknown, path: FieldPath): void {
  if (!isRecord(row)) {
    errors.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType");
    return;
  }
  if (row.type === componentType.actionRow) {
    const children = listOf(row.components);
    if (children.length !== 1) {
      errors.add([...path, "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 1 in length.");
    }
    children.forEach((child, index) => {
      checkTextInput(errors, child, [...path, "components", index], true);
    });
    return;
  }
  if (row.type === componentType.label) {
    if (errors.required([...path, "label"], row.label))
      errors.maxLength([...path, "label"], row.label, limits.textInputLabel);
    if (isRecord(row.component) && row.component.type === componentType.textInput) {
      checkTextInput(errors, row.component, [...path, "component"], false);
    } else if (!errors.required([...path, "component"], row.component)) return;
    return;
  }
  if (row.type !== componentType.textDisplay) {
    errors.add([...path, "type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1, 10, 18).');
  }
}

function checkTextInput(
  errors: FieldErrorCollector,
  input: unknown,
  path: FieldPath,
  needsLabel: boolean,
): void {
  if (!isRecord(input) || input.type !== componentType.textInput) {
    errors.add([...path, "type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (4,).');
    return;
  }
  if (errors.required([...path, "custom_id"], input.custom_id)) {
    errors.maxLength([...path, "custom_id"], input.custom_id, limits.customId);
  }
  if (needsLabel && errors.required([...path, "label"], input.label)) {
    errors.maxLength([...path, "label"], input.label, limits.textInputLabel);
  }
  errors.maxLength([...path, "placeholder"], input.placeholder, limits.textInputPlaceholder);
  errors.maxLength([...path, "value"], input.value, limits.textInputLength);
  for (const key of ["min_length", "max_length"] as const) {
    const value = input[key];
    if (
      typeof value === "number" &&
      (value < (key === "min_length" ? 0 : 1) || value > limits.textInputLength)
    ) {
      errors.add(
        [...path, key],
        "NUMBER_TYPE_MAX",
        `int value should be less than or equal to ${limits.textInputLength}.`,
      );
    }
  }
}
