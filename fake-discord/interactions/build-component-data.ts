import { isRecord, listOf } from "../validation/field-checks.js";
import { MessageComponentTypes } from "#discord-api-spec";

/** Finds the component with this custom_id anywhere in a message's or modal's component tree. */
export function findComponent(
  components: readonly unknown[],
  customId: string,
): Record<string, unknown> | undefined {
  for (const node of components) {
    if (!isRecord(node)) continue;
    if (node.custom_id === customId) return node;
    const nested = [
      ...listOf(node.components),
      ...(node.component === undefined ? [] : [node.component]),
      ...(node.accessory === undefined ? [] : [node.accessory]),
    ];
    const found = findComponent(nested, customId);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `data` of a button or select interaction (docs: Message Component Data Structure). */
export function buildComponentData(
  component: Record<string, unknown>,
  values?: readonly string[],
): Record<string, unknown> {
  const data: Record<string, unknown> = { custom_id: component.custom_id, component_type: component.type };
  if (typeof component.id === "number") data.id = component.id;
  if (component.type !== MessageComponentTypes.BUTTON) data.values = values ?? [];
  return data;
}

/**
 * `data` of a modal submit (docs: Modal Submit Data Structure): the modal's rows with each text input
 * replaced by its submitted value. Throws where Discord's client would not let the member submit.
 */
export function buildModalSubmitData(
  modal: Record<string, unknown>,
  fields: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const known = new Set<string>();
  const components = listOf(modal.components).flatMap((row): unknown[] => {
    if (!isRecord(row)) return [];
    if (row.type === MessageComponentTypes.LABEL && isRecord(row.component)) {
      return [
        {
          type: MessageComponentTypes.LABEL,
          ...(typeof row.id === "number" ? { id: row.id } : {}),
          component: submitInput(row.component, fields, known),
        },
      ];
    }
    if (row.type === MessageComponentTypes.ACTION_ROW) {
      return [
        {
          type: MessageComponentTypes.ACTION_ROW,
          components: listOf(row.components)
            .filter(isRecord)
            .map((input) => submitInput(input, fields, known)),
        },
      ];
    }
    return [];
  });
  const unknownFields = Object.keys(fields).filter((customId) => !known.has(customId));
  if (unknownFields.length > 0) throw new Error(`The modal has no input(s) ${unknownFields.join(", ")}`);
  return { custom_id: modal.custom_id, components };
}

function submitInput(
  input: Record<string, unknown>,
  fields: Readonly<Record<string, string>>,
  known: Set<string>,
): Record<string, unknown> {
  const customId = String(input.custom_id);
  known.add(customId);
  // An input the member leaves alone submits what it opened with, as Discord's client does.
  const value = fields[customId] ?? (typeof input.value === "string" ? input.value : "");
  const required = input.required !== false;
  if (required && value === "") throw new Error(`The modal input "${customId}" is required`);
  if (typeof input.max_length === "number" && value.length > input.max_length) {
    throw new Error(`The modal input "${customId}" takes at most ${input.max_length} characters`);
  }
  if (typeof input.min_length === "number" && value !== "" && value.length < input.min_length) {
    throw new Error(`The modal input "${customId}" takes at least ${input.min_length} characters`);
  }
  return {
    type: input.type,
    ...(typeof input.id === "number" ? { id: input.id } : {}),
    custom_id: customId,
    value,
  };
}
