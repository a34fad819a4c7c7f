// The choices for an option asked with `option:?`: fixed ones from the registered command, as Discord's
// client lists them itself, or the bot's autocomplete answer.
import type { FakeDiscord, MemberContext } from "../fake-discord/index.js";
import {
  type AskedOption,
  filterChoices,
  findOptionDefinition,
  type OptionChoice,
} from "./option-choices.js";
import type { PlaygroundOutput } from "./playground-output.js";

const answerTimeoutMs = 15_000;

export async function askChoices(
  discord: FakeDiscord,
  context: MemberContext,
  asked: AskedOption,
  output: PlaygroundOutput,
): Promise<readonly OptionChoice[]> {
  const commandName = asked.line.trim().split(/\s+/)[0]?.slice(1) ?? "";
  const command = discord.commands(context.guildId).find((candidate) => candidate.name === commandName);
  if (command === undefined) throw new Error(`/${commandName} is not registered`);
  const option = findOptionDefinition(command, asked.line, asked.name);
  if (option === undefined) throw new Error(`/${commandName} has no option "${asked.name}" there`);
  if (option.choices !== undefined) return filterChoices(option.choices, asked.typed);
  if (option.autocomplete !== true) throw new Error(`"${asked.name}" has no list of choices: type a value`);
  output.showActivity(`asking ${discord.botUser.username} for suggestions…`);
  try {
    const focused = { name: asked.name, value: asked.typed };
    return await discord.autocompleteLine({ ...context, line: asked.line, focused }).choices(answerTimeoutMs);
  } finally {
    output.clearActivity();
  }
}
