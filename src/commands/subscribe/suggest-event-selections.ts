// Autocomplete of the `events` option: completes the last comma-separated part, keeping what was typed
// before it, so a member builds a list one pick at a time ("battle.completed, user.rating_changed").
import type { APIApplicationCommandOptionChoice } from "discord-api-types/v10";
import { eventKinds } from "../../events/event-kinds.js";
import { discordLimits } from "../../discord/discord-limits.js";
import { truncateText } from "../../display/truncate-text.js";
import { eventKindLabels } from "../../display/event-kind-labels.js";
import { eventPresets } from "./event-selection.js";

export interface SelectionCandidate {
  /** What goes into the option's value. */
  readonly token: string;
  /** What the member reads in the list. */
  readonly label: string;
}

export const kindCandidates: readonly SelectionCandidate[] = eventKinds.map((kind) => ({
  token: kind,
  label: `${eventKindLabels[kind]} (${kind})`,
}));

/** Presets first (the usual picks), then every kind. */
export const subscribeCandidates: readonly SelectionCandidate[] = [
  ...eventPresets.map((preset) => ({ token: preset.token, label: preset.label })),
  ...kindCandidates,
];

export function suggestEventSelections(
  typed: string,
  candidates: readonly SelectionCandidate[],
): APIApplicationCommandOptionChoice<string>[] {
  const cut = typed.lastIndexOf(",");
  const chosen = typed
    .slice(0, cut + 1)
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const needle = typed
    .slice(cut + 1)
    .trim()
    .toLowerCase();
  const taken = new Set(chosen.map((part) => part.toLowerCase()));
  const labelOf = (part: string) =>
    candidates.find((candidate) => candidate.token === part.toLowerCase())?.label ?? part;
  return candidates
    .filter((candidate) => !taken.has(candidate.token))
    .filter((candidate) => candidate.token.includes(needle) || candidate.label.toLowerCase().includes(needle))
    .flatMap((candidate) => {
      const value = fitChoiceValue([...chosen, candidate.token]);
      if (value === undefined) return [];
      const name = truncateText(
        [...chosen.map(labelOf), candidate.label].join(" + "),
        discordLimits.choiceName,
      );
      return [{ name, value }];
    })
    .slice(0, discordLimits.autocompleteChoices);
}

/**
 * The parts as one choice value within Discord's 100 characters: as the list is typed (", "), else without
 * the spaces, else with every kind of a group in it written as the group ("battle.*"), which names the same
 * kinds; undefined when even that is too long. A long list then still grows by a pick at a time.
 */
function fitChoiceValue(parts: readonly string[]): string | undefined {
  const fits = (value: string) => value.length <= discordLimits.choiceValue;
  const spaced = parts.join(", ");
  if (fits(spaced)) return spaced;
  const tight = parts.join(",");
  if (fits(tight)) return tight;
  const grouped = groupWholeGroups(parts).join(",");
  return fits(grouped) ? grouped : undefined;
}

/** `parts` with the kinds of each group they hold whole replaced by the group's token, where its first kind was. */
function groupWholeGroups(parts: readonly string[]): string[] {
  const named = new Set(parts.map((part) => part.toLowerCase()));
  const wholeGroupOf = (part: string): string | undefined => {
    const group = eventKinds.find((kind) => kind === part.toLowerCase())?.split(".")[0];
    if (group === undefined) return undefined;
    const kinds = eventKinds.filter((kind) => kind.startsWith(`${group}.`));
    return kinds.every((kind) => named.has(kind)) ? `${group}.*` : undefined;
  };
  const written = new Set<string>();
  const result: string[] = [];
  for (const part of parts) {
    const token = wholeGroupOf(part) ?? part;
    if (written.has(token)) continue;
    written.add(token);
    result.push(token);
  }
  return result;
}
