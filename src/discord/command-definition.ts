import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from "discord-api-types/v10";

type DeepReadonly<T> = T extends (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
    : T;

/**
 * A slash command's REST JSON, as a deeply readonly literal: command data is written `as const` so handler
 * arguments can be typed from it, and checked against Discord's own type with `satisfies`.
 */
export type CommandDefinition = DeepReadonly<RESTPostAPIChatInputApplicationCommandsJSONBody>;
