import { discordLimits as limits } from "./discord-limits.js";
import { isRecord, listOf, textLength, type FieldErrorCollector, type FieldPath } from "./field-checks.js";

/**
 * What Discord's OpenAPI spec cannot say about embeds (its schema holds each field's own limit): the 6000
 * characters that span every embed of a message (docs: Resources, Message — Embed Limits), and a field's
 * name and value, which the spec requires but Discord also refuses empty.
 */
export function checkEmbeds(errors: FieldErrorCollector, embeds: unknown, path: FieldPath): void {
  let total = 0;
  listOf(embeds).forEach((embed, index) => {
    if (isRecord(embed)) total += checkEmbed(errors, embed, [...path, index]);
  });
  if (total > limits.embedTotalCharacters) {
    errors.add(
      path,
      "MAX_EMBED_SIZE_EXCEEDED",
      `Embed size exceeds maximum size of ${limits.embedTotalCharacters}`,
    );
  }
}

/** Checks one embed's fields and returns the characters it counts towards the message total. */
function checkEmbed(errors: FieldErrorCollector, embed: Record<string, unknown>, path: FieldPath): number {
  let total = textLength(embed.title) + textLength(embed.description);
  if (isRecord(embed.footer)) total += textLength(embed.footer.text);
  if (isRecord(embed.author)) total += textLength(embed.author.name);
  listOf(embed.fields).forEach((field, index) => {
    if (!isRecord(field)) return;
    errors.required([...path, "fields", index, "name"], field.name);
    errors.required([...path, "fields", index, "value"], field.value);
    total += textLength(field.name) + textLength(field.value);
  });
  return total;
}
