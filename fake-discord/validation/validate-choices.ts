import { DiscordHttpError } from "../discord-errors.js";
import { discordLimits as limits } from "./discord-limits.js";
import { FieldErrorCollector, isRecord, listOf } from "./field-checks.js";

/**
 * Autocomplete answers (callback type 8): Discord's OpenAPI spec holds the count and names, and lets a
 * string value run to 6000 characters; the documentation, followed here, to 100 (docs: Application
 * Commands, Application Command Option Choice Structure).
 */
export function assertValidChoices(data: unknown): void {
  const errors = new FieldErrorCollector();
  const choices = isRecord(data) ? listOf(data.choices) : [];
  choices.forEach((choice, index) => {
    if (isRecord(choice))
      errors.maxLength(["data", "choices", index, "value"], choice.value, limits.choiceStringValue);
  });
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
}
