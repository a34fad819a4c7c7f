import { ButtonStyleTypes, MessageComponentTypes } from "#discord-api-spec";
import { discordLimits as limits } from "./discord-limits.js";
import { isRecord, listOf, type FieldErrorCollector, type FieldPath } from "./field-checks.js";
import { checkUrlScheme, linkButtonSchemes } from "./url-schemes.js";

const selectTypes = new Set<unknown>([
  MessageComponentTypes.STRING_SELECT,
  MessageComponentTypes.USER_SELECT,
  MessageComponentTypes.ROLE_SELECT,
  MessageComponentTypes.MENTIONABLE_SELECT,
  MessageComponentTypes.CHANNEL_SELECT,
]);

/**
 * What Discord's OpenAPI spec cannot say about message components (its schema holds each component's
 * shape and limits): without the Components V2 flag, at most 5 action rows and nothing else at the top,
 * a select alone in its row (docs: Components, Action Row); a link button's url and any other button's
 * custom_id; and no custom_id twice.
 */
export function checkMessageComponents(
  errors: FieldErrorCollector,
  components: unknown,
  path: FieldPath,
  usesComponentsV2: boolean,
): void {
  const rows = listOf(components);
  checkUniqueCustomIds(errors, rows, path);
  if (usesComponentsV2) return; // Layout components (v2) nest freely; only custom ids are checked for them.
  errors.maxItems(path, rows, limits.actionRowsPerMessage);
  rows.forEach((row, rowIndex) => {
    const rowPath = [...path, rowIndex];
    if (!isRecord(row) || row.type !== MessageComponentTypes.ACTION_ROW) {
      errors.add([...rowPath, "type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).');
      return;
    }
    const children = listOf(row.components);
    const hasSelect = children.some((child) => isRecord(child) && selectTypes.has(child.type));
    if (hasSelect && children.length > 1) {
      errors.add(
        [...rowPath, "components"],
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
        "The specified component exceeds the maximum width",
      );
    }
    children.forEach((child, index) => {
      if (isRecord(child)) checkButton(errors, child, [...rowPath, "components", index]);
    });
  });
}

/**
 * A link button needs its url (http, https or discord) and takes no custom_id; any other but a premium one
 * needs its custom_id and takes no url; every one but a premium one shows a label or an emoji (docs:
 * Components, Button). The codes of the refusals the docs do not give are the fake's own.
 */
function checkButton(errors: FieldErrorCollector, component: Record<string, unknown>, path: FieldPath): void {
  if (component.type !== MessageComponentTypes.BUTTON) return;
  if (component.style === ButtonStyleTypes.PREMIUM) return;
  if (component.style === ButtonStyleTypes.LINK) {
    errors.required([...path, "url"], component.url);
    checkUrlScheme(errors, [...path, "url"], component.url, linkButtonSchemes);
    if (component.custom_id !== undefined)
      errors.add([...path, "custom_id"], "BUTTON_LINK_CUSTOM_ID", "A link button cannot have a custom id.");
  } else {
    errors.required([...path, "custom_id"], component.custom_id);
    if (component.url !== undefined)
      errors.add([...path, "url"], "BUTTON_URL_NOT_LINK", "Only a link button can have a url.");
  }
  const labelled = typeof component.label === "string" && component.label !== "";
  if (!labelled && component.emoji === undefined)
    errors.add([...path, "label"], "BUTTON_LABEL_OR_EMOJI", "A button needs a label or an emoji.");
}

/** Discord refuses two components with one custom_id in a message or modal. */
export function checkUniqueCustomIds(
  errors: FieldErrorCollector,
  components: readonly unknown[],
  path: FieldPath,
): void {
  const seen = new Set<string>();
  for (const customId of collectCustomIds(components)) {
    if (seen.has(customId)) {
      errors.add(path, "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated");
      return;
    }
    seen.add(customId);
  }
}

/** Every custom_id in a component tree (rows, labels, sections, containers). */
export function collectCustomIds(components: readonly unknown[]): string[] {
  const ids: string[] = [];
  const visit = (node: unknown): void => {
    if (!isRecord(node)) return;
    if (typeof node.custom_id === "string") ids.push(node.custom_id);
    listOf(node.components).forEach(visit);
    if (node.component !== undefined) visit(node.component);
    if (node.accessory !== undefined) visit(node.accessory);
  };
  components.forEach(visit);
  return ids;
}
