import { ApplicationCommandOptionType as OptionType } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { commandData } from "../../src/commands/command-data.js";

interface Option {
  readonly type: OptionType;
  readonly name: string;
  readonly description: string;
  readonly required?: boolean;
  readonly choices?: readonly { readonly name: string; readonly value: string | number }[];
  readonly options?: readonly Option[];
  readonly autocomplete?: boolean;
}

const namePattern = /^[-_\p{Ll}\p{N}]{1,32}$/u;

function checkOptions(path: string, options: readonly Option[], problems: string[]): void {
  if (options.length > 25) problems.push(`${path}: more than 25 options`);
  let seenOptional = false;
  for (const option of options) {
    const where = `${path} ${option.name}`;
    if (!namePattern.test(option.name)) problems.push(`${where}: invalid name`);
    if (option.description.length < 1 || option.description.length > 100)
      problems.push(`${where}: description length`);
    if (option.choices !== undefined && option.choices.length > 25)
      problems.push(`${where}: more than 25 choices`);
    if (option.choices !== undefined && option.autocomplete === true)
      problems.push(`${where}: choices and autocomplete`);
    const nests = option.type === OptionType.Subcommand || option.type === OptionType.SubcommandGroup;
    if (nests) checkOptions(where, option.options ?? [], problems);
    else if (option.required === true && seenOptional)
      problems.push(`${where}: required option after an optional one`);
    else if (option.required !== true) seenOptional = true;
  }
  const names = options.map((option) => option.name);
  if (new Set(names).size !== names.length) problems.push(`${path}: duplicate option names`);
}

describe("command data", () => {
  it("follows Discord's rules for names, descriptions, option order and counts", () => {
    const problems: string[] = [];
    for (const command of commandData) {
      if (!namePattern.test(command.name)) problems.push(`${command.name}: invalid name`);
      if (command.description.length > 100) problems.push(`${command.name}: description too long`);
      checkOptions(`/${command.name}`, "options" in command ? command.options : [], problems);
    }
    expect(problems).toEqual([]);
  });

  it("has one definition per command name", () => {
    const names = commandData.map((command) => command.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("offers the personal commands to user installs in DMs and private channels, and keeps the rest in servers", () => {
    const anywhere = ["battle", "leaderboard", "link", "profile", "rank", "stats", "unlink", "whoami"];
    const reach = Object.fromEntries(
      commandData.map((command) => [
        command.name,
        { integration_types: command.integration_types, contexts: command.contexts },
      ]),
    );
    const expected = Object.fromEntries(
      commandData.map((command) => [
        command.name,
        anywhere.includes(command.name)
          ? { integration_types: [0, 1], contexts: [0, 1, 2] }
          : { integration_types: [0], contexts: [0] },
      ]),
    );
    expect(reach).toEqual(expected);
    expect(
      Object.keys(reach)
        .filter((name) => anywhere.includes(name))
        .sort(),
    ).toEqual(anywhere);
  });
});
