import type { APIApplicationCommand } from "discord.js";
import { findLeafOptions, nestOptions, type CommandInvocation } from "./command-options.js";
import { resolveOption, type ResolveContext, type ResolvedData } from "./resolve-options.js";

/** The option being typed in during autocomplete, with the raw text typed so far. */
export interface FocusedOption {
  name: string;
  value: string;
}

/**
 * `data` of an application command or autocomplete interaction (docs: Application Command Data
 * Structure). During autocomplete required options may be missing and the focused one is raw text.
 */
export function buildCommandData(
  command: APIApplicationCommand,
  invocation: CommandInvocation,
  context: ResolveContext,
  focused?: FocusedOption,
): Record<string, unknown> {
  const definitions = findLeafOptions(command, invocation);
  const resolved: ResolvedData = {};
  const leaf: Record<string, unknown>[] = [];
  for (const [name, value] of Object.entries(invocation.options ?? {})) {
    if (name === focused?.name) continue;
    const definition = definitions.find((option) => option.name === name);
    if (definition === undefined) throw new Error(`/${command.name} has no option "${name}"`);
    leaf.push({ name, type: definition.type, value: resolveOption(definition, value, context, resolved) });
  }
  if (focused === undefined) {
    const missing = definitions.filter(
      (option) => option.required === true && !(option.name in (invocation.options ?? {})),
    );
    if (missing.length > 0) {
      // Named as typed, subcommand and all: "/battle join needs option: id".
      const typed = [command.name, invocation.subcommandGroup, invocation.subcommand]
        .filter(Boolean)
        .join(" ");
      const names = missing.map((option) => option.name).join(", ");
      throw new Error(`/${typed} needs option${missing.length === 1 ? "" : "s"}: ${names}`);
    }
  } else {
    const definition = definitions.find((option) => option.name === focused.name);
    if (definition?.autocomplete !== true)
      throw new Error(`/${command.name} option "${focused.name}" has no autocomplete`);
    leaf.push({ name: focused.name, type: definition.type, value: focused.value, focused: true });
  }
  const data: Record<string, unknown> = {
    id: command.id,
    name: command.name,
    type: command.type,
    options: nestOptions(invocation, leaf),
  };
  if (Object.keys(resolved).length > 0) data.resolved = resolved;
  if (command.guild_id !== undefined) data.guild_id = command.guild_id;
  return data;
}
