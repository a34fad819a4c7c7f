import { MessageComponentTypes } from "#discord-api-spec";
import { DiscordHttpError } from "../discord-errors.js";
import { discordLimits as limits } from "./discord-limits.js";
import { checkUniqueCustomIds } from "./validate-components.js";
import { FieldErrorCollector, isRecord, listOf } from "./field-checks.js";

/**
 * What Discord's OpenAPI spec cannot say about a modal (callback type 9; the spec's schema holds its
 * title, custom ids, component types and text input limits): at most 5 rows where the spec allows 40, an
 * action row holding exactly one text input, with its label, and no custom_id twice (docs: Interactions,
 * Modal; Components, Text Input).
 */
export function assertValidModal(data: unknown): void {
  const errors = new FieldErrorCollector();
  const rows = isRecord(data) ? listOf(data.components) : [];
  errors.maxItems(["data", "components"], rows, limits.modalRows);
  checkUniqueCustomIds(errors, rows, ["data", "components"]);
  rows.forEach((row, index) => {
    if (!isRecord(row) || row.type !== MessageComponentTypes.ACTION_ROW) return;
    const path = ["data", "components", index, "components"];
    const inputs = listOf(row.components);
    if (inputs.length !== 1) errors.add(path, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 1 in length.");
    inputs.forEach((input, inputIndex) => {
      if (isRecord(input)) errors.required([...path, inputIndex, "label"], input.label);
    });
  });
  if (errors.errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors.errors);
}
