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
  const prefix = chosen.map((part) => `${part}, `).join("");
  return candidates
    .filter((candidate) => !taken.has(candidate.token))
    .filter((candidate) => candidate.token.includes(needle) || candidate.label.toLowerCase().includes(needle))
    .map((candidate) => ({
      name: truncateText([...chosen.map(labelOf), candidate.label].join(" + "), discordLimits.choiceName),
      value: prefix + candidate.token,
    }))
    .filter((choice) => choice.value.length <= discordLimits.choiceValue)
    .slice(0, discordLimits.autocompleteChoices);
}
