// `/battle join id:?` at the prompt: the choices Discord's client would pop up for an option, either its
// fixed choices (from the registered command) or the bot's autocomplete answer; `pick <n>` runs the line.
import type { APIApplicationCommand } from "discord.js";

export interface AskedOption {
  /** The line without the asked option. */
  readonly line: string;
  readonly name: string;
  /** What was typed before the `?`, as autocomplete receives it. */
  readonly typed: string;
}

export interface OptionChoice {
  readonly name: string;
  readonly value: string | number;
}

interface OptionDefinition {
  readonly name: string;
  readonly type: number;
  readonly autocomplete?: boolean;
  readonly choices?: readonly OptionChoice[];
  readonly options?: readonly OptionDefinition[];
}

// The same tokens the fake Discord reads: `name:"a b"`, `"a b"`, or a plain word.
const tokenPattern = /[^\s:"]+:"[^"]*"|"[^"]*"|\S+/g;
const askedPattern = /^([\w-]+):([^"\s]*)\?$/;
const subcommand = 1;
const subcommandGroup = 2;

/** The option a line asks choices for (`id:?`, or `id:spr?` with text typed so far), if any. */
export function findAskedOption(line: string): AskedOption | undefined {
  const tokens = line.trim().match(tokenPattern) ?? [];
  const index = tokens.findIndex((token) => askedPattern.test(token));
  const match = askedPattern.exec(tokens[index] ?? "");
  if (match === null) return undefined;
  return {
    line: tokens.filter((_token, position) => position !== index).join(" "),
    name: match[1] ?? "",
    typed: match[2] ?? "",
  };
}

/** The option's definition, inside the subcommand group and subcommand the line names. */
export function findOptionDefinition(
  command: APIApplicationCommand,
  line: string,
  optionName: string,
): OptionDefinition | undefined {
  const words = line.trim().split(/\s+/).slice(1);
  let options = (command.options ?? []) as readonly OptionDefinition[];
  for (const word of words) {
    const nested = options.find(
      (option) => option.name === word && (option.type === subcommand || option.type === subcommandGroup),
    );
    if (nested === undefined) break;
    options = nested.options ?? [];
  }
  return options.find((option) => option.name === optionName);
}

/** The fixed choices whose name or value contains what was typed. */
export function filterChoices(choices: readonly OptionChoice[], typed: string): OptionChoice[] {
  const wanted = typed.toLowerCase();
  return choices.filter(
    (choice) =>
      choice.name.toLowerCase().includes(wanted) || String(choice.value).toLowerCase().includes(wanted),
  );
}

/** The line with the picked value in place of the question. */
export function lineWithChoice(asked: AskedOption, choice: OptionChoice): string {
  const value = String(choice.value);
  return `${asked.line} ${asked.name}:${/\s/.test(value) ? `"${value}"` : value}`;
}

export function renderChoices(asked: AskedOption, choices: readonly OptionChoice[]): string {
  if (choices.length === 0)
    return `No choices for ${asked.name}${asked.typed === "" ? "" : ` "${asked.typed}"`}.`;
  const lines = choices.map((choice, index) => {
    const value = String(choice.value);
    return `[${index + 1}] ${choice.name}${choice.name.includes(value) ? "" : ` — ${value}`}`;
  });
  return [`Choices for ${asked.name} (answer with: pick <n>):`, ...lines].join("\n");
}
