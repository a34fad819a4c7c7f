import {
  ApplicationCommandOptionType,
  type APIApplicationCommandAutocompleteInteraction,
  type APIApplicationCommandOptionChoice,
} from "discord-api-types/v10";
import type { BotDependencies } from "../bot-dependencies.js";
import { discordLimits } from "../../discord/discord-limits.js";
import type { AutocompleteContext } from "../../discord/interaction-handlers.js";
import { plainLabel } from "../../display/platform-text.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { listAnnouncedBattles } from "../../store/battle-cards.js";
import { formatDuration } from "../../display/duration.js";
import { requireServer } from "../../discord/require-server.js";
import { memberProblemRead, searchProblems } from "./find-problem.js";

type Choice = APIApplicationCommandOptionChoice<string>;

/** Battles a guild has seen are many over time; the newest are what members look for. */
const announcedBattlesScanned = 100;

/** How long suggestions may ask for further pages of problems: a margin inside their 2 s. */
const problemPagesForMs = 1000;

/**
 * Discord refuses a whole answer for one choice out of bounds: a name is 1 to 100 characters, so a blank one
 * (a problem with an empty title) is named by its value.
 */
export function toChoices(candidates: readonly { name: string; value: string }[]): Choice[] {
  return candidates
    .filter((candidate) => candidate.value !== "" && candidate.value.length <= discordLimits.choiceValue)
    .slice(0, discordLimits.autocompleteChoices)
    .map((candidate) => {
      const name = plainLabel(candidate.name, discordLimits.choiceName);
      return {
        name: name.trim() === "" ? plainLabel(candidate.value, discordLimits.choiceName) : name,
        value: candidate.value,
      };
    });
}

function matches(typed: string, ...texts: (string | undefined)[]): boolean {
  const needle = typed.trim().toLowerCase();
  return needle === "" || texts.some((text) => text?.toLowerCase().includes(needle) === true);
}

/** Another option's value in the same subcommand, e.g. the difficulty already chosen. */
function readSiblingOption(
  interaction: APIApplicationCommandAutocompleteInteraction,
  name: string,
): string | undefined {
  const subcommand = interaction.data.options.find(
    (option) => option.type === ApplicationCommandOptionType.Subcommand,
  );
  const options = subcommand !== undefined && "options" in subcommand ? (subcommand.options ?? []) : [];
  const option = options.find((candidate) => candidate.name === name);
  return option !== undefined && "value" in option && typeof option.value === "string"
    ? option.value
    : undefined;
}

/** Subcommands whose battle must still be open: a finished one takes neither a join nor a submission. */
const openBattleSubcommands: ReadonlySet<string> = new Set(["join", "submit"]);

/**
 * Battle ids: the battles announced in this server, from the bot's own records (no platform call); for a join
 * or a submission only those whose result has not been stored (battle_cards.ended_at).
 */
async function completeBattleId(
  deps: BotDependencies,
  { actor, focused, subcommand }: AutocompleteContext,
): Promise<Choice[]> {
  const now = deps.clock.now();
  const battles = await listAnnouncedBattles(deps.db, requireServer(actor), announcedBattlesScanned, {
    openOnly: subcommand !== undefined && openBattleSubcommands.has(subcommand),
  });
  return toChoices(
    battles
      .filter((battle) => matches(focused.value, battle.battleId, battle.creatorName))
      .map((battle) => {
        const age = formatDuration((now - battle.createdAt) / 1000, { largestUnitOnly: true });
        const by = battle.creatorName === undefined ? "" : ` · by ${battle.creatorName}`;
        return { name: `${battle.battleId}${by} · ${age} ago`, value: battle.battleId };
      }),
  );
}

/**
 * Problem ids: GET /problems as the member, filtered by what they typed and the difficulty, from the pages
 * their suggestions read within the last minute and those read next until a full list of choices is found
 * (find-problem.ts); no page is asked for after the first second, so the answer keeps well within the 2 s
 * suggestions have.
 */
async function completeProblem(deps: BotDependencies, context: AutocompleteContext): Promise<Choice[]> {
  const until = { clock: deps.clock, at: deps.clock.now() + problemPagesForMs };
  const session = await getMemberSession(deps, context.actor);
  const difficulty = readSiblingOption(context.interaction, "difficulty");
  const { found } = await searchProblems(memberProblemRead(deps, session), {
    keep: (problem) =>
      (difficulty === undefined || problem.difficulty === difficulty) &&
      matches(context.focused.value, problem.id, problem.title),
    wanted: discordLimits.autocompleteChoices,
    until,
  });
  return toChoices(
    found.map((problem) => ({
      name: problem.difficulty === undefined ? problem.title : `${problem.title} · ${problem.difficulty}`,
      value: problem.id,
    })),
  );
}

export async function completeBattleOption(
  deps: BotDependencies,
  context: AutocompleteContext,
): Promise<Choice[]> {
  if (context.focused.name === "problem") return completeProblem(deps, context);
  if (context.focused.name === "id") return completeBattleId(deps, context);
  return [];
}
