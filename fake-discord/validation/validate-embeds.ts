import { discordLimits as limits } from "./discord-limits.js";
import { isRecord, listOf, textLength, type FieldErrorCollector, type FieldPath } from "./field-checks.js";
import { checkUrlScheme, imageSchemes, webSchemes } from "./url-schemes.js";

/**
 * What Discord's OpenAPI spec cannot say about embeds (its schema holds each field's own limit): the 6000
 * characters that span every embed of a message (docs: Resources, Message — Embed Limits), a field's
 * name and value, a footer's text and an author's name, which Discord's embed structures require and which it
 * refuses empty or whitespace alone (the spec leaves the footer's and the author's optional), an embed that
 * shows nothing, and a link whose scheme Discord does not take (the spec's `uri` format takes any).
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

/** What an embed shows; one with none of it is refused as an empty embed is. */
const embedContent = ["title", "description", "fields", "image", "thumbnail", "author", "footer", "video"];

/** Links an embed may carry, and the schemes each takes (an image may name an uploaded file). */
const embedLinks: readonly { readonly path: readonly string[]; readonly schemes: readonly string[] }[] = [
  { path: ["url"], schemes: webSchemes },
  { path: ["image", "url"], schemes: imageSchemes },
  { path: ["thumbnail", "url"], schemes: imageSchemes },
  { path: ["author", "url"], schemes: webSchemes },
  { path: ["author", "icon_url"], schemes: imageSchemes },
  { path: ["footer", "icon_url"], schemes: imageSchemes },
];

/** Checks one embed's fields and returns the characters it counts towards the message total. */
function checkEmbed(errors: FieldErrorCollector, embed: Record<string, unknown>, path: FieldPath): number {
  // An embed with nothing to show: Discord asks for its description (the field it names for `{}`).
  const shows = embedContent.some(
    (key) => embed[key] !== undefined && embed[key] !== null && embed[key] !== "",
  );
  if (!shows) errors.add([...path, "description"], "BASE_TYPE_REQUIRED", "This field is required");
  for (const link of embedLinks) {
    let value: unknown = embed;
    for (const key of link.path) value = isRecord(value) ? value[key] : undefined;
    checkUrlScheme(errors, [...path, ...link.path], value, link.schemes);
  }
  let total = textLength(embed.title) + textLength(embed.description);
  if (isRecord(embed.footer)) {
    errors.requiredText([...path, "footer", "text"], embed.footer.text);
    total += textLength(embed.footer.text);
  }
  if (isRecord(embed.author)) {
    errors.requiredText([...path, "author", "name"], embed.author.name);
    total += textLength(embed.author.name);
  }
  listOf(embed.fields).forEach((field, index) => {
    if (!isRecord(field)) return;
    errors.requiredText([...path, "fields", index, "name"], field.name);
    errors.requiredText([...path, "fields", index, "value"], field.value);
    total += textLength(field.name) + textLength(field.value);
  });
  return total;
}
