import { discordLimits as limits } from "./discord-limits.js";
import { isRecord, listOf, type FieldErrorCollector, type FieldPath } from "./field-checks.js";

/** Component type numbers (docs: Components, Component Object — Component Types). */
export const componentType = {
  actionRow: 1,
  button: 2,
  stringSelect: 3,
  textInput: 4,
  textDisplay: 10,
  label: 18,
} as const;

const linkButtonStyle = 5;
const premiumButtonStyle = 6;
const selectTypes = new Set([3, 5, 6, 7, 8]);

/** Message components: at most 5 action rows of 5 buttons, or one select per row (docs: Action Rows). */
export function checkMessageComponents(
  errors: FieldErrorCollector,
  components: unknown,
  path: FieldPath,
  usesComponentsV2: boolean,
): void {
  if (!errors.array(path, components) || components === undefined) return;
  checkUniqueCustomIds(errors, components, path);
  if (usesComponentsV2) return; // Layout components (v2) nest freely; only custom ids are checked for them.
  errors.maxItems(path, components, limits.actionRowsPerMessage);
  components.forEach((row, rowIndex) => {
    const rowPath = [...path, rowIndex];
    if (!isRecord(row) || row.type !== componentType.actionRow) {
      errors.add([...rowPath, "type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).');
      return;
    }
    const children = listOf(row.components);
    errors.maxItems([...rowPath, "components"], children, limits.componentsPerActionRow);
    if (children.length === 0) {
      errors.add([...rowPath, "components"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.");
    }
    const hasSelect = children.some((child) => isRecord(child) && selectTypes.has(Number(child.type)));
    if (hasSelect && children.length > 1) {
      errors.add(
        [...rowPath, "components"],
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
        "The specified component exceeds the maximum width",
      );
    }
    children.forEach((child, index) => {
      checkInteractiveComponent(errors, child, [...rowPath, "components", index]);
    });
  });
}

function checkInteractiveComponent(errors: FieldErrorCollector, component: unknown, path: FieldPath): void {
  if (!isRecord(component)) {
    errors.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType");
    return;
  }
  if (component.type === componentType.button) {
    errors.maxLength([...path, "label"], component.label, limits.buttonLabel);
    if (component.style === linkButtonStyle) {
      errors.required([...path, "url"], component.url);
    } else if (
      component.style !== premiumButtonStyle &&
      errors.required([...path, "custom_id"], component.custom_id)
    ) {
      errors.maxLength([...path, "custom_id"], component.custom_id, limits.customId);
    }
    return;
  }
  if (selectTypes.has(Number(component.type))) {
    if (errors.required([...path, "custom_id"], component.custom_id)) {
      errors.maxLength([...path, "custom_id"], component.custom_id, limits.customId);
    }
    errors.maxLength([...path, "placeholder"], component.placeholder, limits.selectPlaceholder);
    if (component.type === componentType.stringSelect)
      checkSelectOptions(errors, component.options, [...path, "options"]);
    return;
  }
  errors.add(
    [...path, "type"],
    "UNION_TYPE_CHOICES",
    'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).',
  );
}

function checkSelectOptions(errors: FieldErrorCollector, options: unknown, path: FieldPath): void {
  const list = listOf(options);
  errors.maxItems(path, list, limits.selectOptions);
  if (list.length === 0) errors.add(path, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.");
  list.forEach((option, index) => {
    if (!isRecord(option)) return;
    errors.maxLength([...path, index, "label"], option.label, limits.selectOptionLabel);
    errors.maxLength([...path, index, "value"], option.value, limits.selectOptionValue);
    errors.maxLength([...path, index, "description"], option.description, limits.selectOptionDescription);
  });
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
