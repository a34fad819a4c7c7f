import { discordLimits as limits } from "./discord-limits.js";
import { isRecord, listOf, textLength, type FieldErrorCollector, type FieldPath } from "./field-checks.js";

/** Embed limits (docs: Resources, Message — Embed Limits); the 6000 total spans every embed of a message. */
export function checkEmbeds(errors: FieldErrorCollector, embeds: unknown, path: FieldPath): void {
  if (!errors.array(path, embeds) || embeds === undefined) return;
  errors.maxItems(path, embeds, limits.embedsPerMessage);
  let total = 0;
  embeds.forEach((embed, index) => {
    if (!isRecord(embed)) {
      errors.add([...path, index], "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType");
      return;
    }
    total += checkEmbed(errors, embed, [...path, index]);
  });
  if (total > limits.embedTotalCharacters) {
    errors.add(
      path,
      "MAX_EMBED_SIZE_EXCEEDED",
      `Embed size exceeds maximum size of ${limits.embedTotalCharacters}`,
    );
  }
}

/** Checks one embed and returns the characters it counts towards the message total. */
function checkEmbed(errors: FieldErrorCollector, embed: Record<string, unknown>, path: FieldPath): number {
  errors.maxLength([...path, "title"], embed.title, limits.embedTitle);
  errors.maxLength([...path, "description"], embed.description, limits.embedDescription);
  let total = textLength(embed.title) + textLength(embed.description);
  if (isRecord(embed.footer)) {
    errors.maxLength([...path, "footer", "text"], embed.footer.text, limits.embedFooterText);
    total += textLength(embed.footer.text);
  }
  if (isRecord(embed.author)) {
    errors.maxLength([...path, "author", "name"], embed.author.name, limits.embedAuthorName);
    total += textLength(embed.author.name);
  }
  const fields = listOf(embed.fields);
  errors.maxItems([...path, "fields"], fields, limits.embedFields);
  fields.forEach((field, index) => {
    const fieldPath = [...path, "fields", index];
    if (!isRecord(field)) {
      errors.add(fieldPath, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType");
      return;
    }
    if (errors.required([...fieldPath, "name"], field.name)) {
      errors.maxLength([...fieldPath, "name"], field.name, limits.embedFieldName);
    }
    if (errors.required([...fieldPath, "value"], field.value)) {
      errors.maxLength([...fieldPath, "value"], field.value, limits.embedFieldValue);
    }
    total += textLength(field.name) + textLength(field.value);
  });
  return total;
}
