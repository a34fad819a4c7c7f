import { DiscordHttpError } from "../discord-errors.js";
import { discordLimits as limits } from "./discord-limits.js";
import { FieldErrorCollector, isRecord, listOf } from "./field-checks.js";

/** Autocomplete answers (callback type 8): ≤ 25 choices, names and string values ≤ 100 (docs: Autocomplete). */
export function assertValidChoices(data: unknown): void {
  const errors = new FieldErrorCollector();
  const choices = isRecord(data) ? listOf(data.choices) : [];
  errors.maxItems(["data", "choices"], choices, limits.autocompleteChoices);
  choices.forEach((choice, index) => {
    const path = ["data", "choices", index];
    if (!isRecord(choice)) {
      errors.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType");
      return;
    }
    if (errors.required([...path, "name"], choice.name))
      errors.maxLength([...path, "name"], choice.name, limits.choiceName);
    if (choice.value === undefined)
      errors.add([...path, "value"], "BASE_TYPE_REQUIRED", "This field is required");
    errors.maxLength([...path, "value"], choice.value, limits.choiceStringValue);
  });
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
}
