import type { APIApplicationCommand } from "discord.js";
import { isRecord, listOf } from "../validation/field-checks.js";

/** Option types (docs: Application Commands — Application Command Option Type). */
export const optionType = {
  subcommand: 1,
  subcommandGroup: 2,
  string: 3,
  integer: 4,
  boolean: 5,
  user: 6,
  channel: 7,
  role: 8,
  mentionable: 9,
  number: 10,
  attachment: 11,
} as const;

/** A file a member attaches to an attachment option. */
export interface AttachmentInput {
  filename: string;
  data: Buffer | string;
  contentType?: string;
}

/** What a member types for an option: users, channels and roles by id; files as AttachmentInput. */
export type CommandOptionValue = string | number | boolean | AttachmentInput;

export interface CommandInvocation {
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  options?: Readonly<Record<string, CommandOptionValue>>;
}

export type OptionDefinition = Record<string, unknown> & { name: string; type: number };

/**
 * Finds the option definitions the invocation fills in: the command's own, or those of the named
 * subcommand (in its group). Throws, as Discord's client would refuse, when the path does not exist.
 */
export function findLeafOptions(
  command: APIApplicationCommand,
  invocation: CommandInvocation,
): OptionDefinition[] {
  let definitions = readDefinitions(command.options);
  const label = `/${command.name}`;
  if (invocation.subcommandGroup !== undefined) {
    const group = definitions.find(
      (option) => option.type === optionType.subcommandGroup && option.name === invocation.subcommandGroup,
    );
    if (group === undefined)
      throw new Error(`${label} has no subcommand group "${invocation.subcommandGroup}"`);
    definitions = readDefinitions(group.options);
  }
  const hasSubcommands = definitions.some((option) => option.type === optionType.subcommand);
  if (invocation.subcommand === undefined) {
    if (hasSubcommands) throw new Error(`${label} needs a subcommand`);
    return definitions;
  }
  const subcommand = definitions.find(
    (option) => option.type === optionType.subcommand && option.name === invocation.subcommand,
  );
  if (subcommand === undefined) throw new Error(`${label} has no subcommand "${invocation.subcommand}"`);
  return readDefinitions(subcommand.options);
}

/** Wraps leaf options in their subcommand and group, the shape `data.options` has. */
export function nestOptions(
  invocation: CommandInvocation,
  leaf: Record<string, unknown>[],
): Record<string, unknown>[] {
  if (invocation.subcommand === undefined) return leaf;
  const subcommand = { type: optionType.subcommand, name: invocation.subcommand, options: leaf };
  if (invocation.subcommandGroup === undefined) return [subcommand];
  return [{ type: optionType.subcommandGroup, name: invocation.subcommandGroup, options: [subcommand] }];
}

function readDefinitions(options: unknown): OptionDefinition[] {
  return listOf(options).filter(
    (option): option is OptionDefinition =>
      isRecord(option) && typeof option.name === "string" && typeof option.type === "number",
  );
}
