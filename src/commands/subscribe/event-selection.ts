// The `events` option of /subscribe and /unsubscribe: a comma-separated list of event kinds, presets and
// their labels ("battle.completed, rating changes, team.*"), checked against the one list of kinds
// (docs/conventions.md, habit 7).
import { canonicalEventKind, eventKinds, type EventKind } from "../../events/event-kinds.js";
import { eventKindLabels, sortEventKinds } from "../../display/event-kind-labels.js";

/** A word the option accepts for several kinds at once. */
export interface EventPreset {
  readonly token: string;
  readonly label: string;
  readonly kinds: readonly EventKind[];
}

/** What a new subscription receives when no events are given (docs/architecture.md, "Webhooks in": the announcements it names). */
export const defaultEventKinds: readonly EventKind[] = [
  "battle.completed",
  "user.rating_changed",
  "system.tournament_started",
];

const kindsOfGroup = (group: string) => eventKinds.filter((kind) => kind.startsWith(`${group}.`));

export const eventPresets: readonly EventPreset[] = [
  {
    token: "defaults",
    label: "Battle results, rating changes and tournament starts",
    kinds: defaultEventKinds,
  },
  { token: "battle.*", label: "All battle events", kinds: kindsOfGroup("battle") },
  { token: "user.*", label: "All user events", kinds: kindsOfGroup("user") },
  { token: "team.*", label: "All team events", kinds: kindsOfGroup("team") },
  { token: "system.*", label: "All system events", kinds: kindsOfGroup("system") },
  { token: "all", label: "Every event", kinds: eventKinds },
];

export interface EventSelection {
  /** The kinds named, in the order of the one list. */
  readonly kinds: EventKind[];
  /** Words that name no kind or preset, as typed. */
  readonly unknown: string[];
}

/** The kinds one word names: a kind (or its alias), a preset, or a label; undefined when none. */
export function kindsOfToken(token: string): readonly EventKind[] | undefined {
  const word = token.trim().toLowerCase();
  if (word === "*") return eventKinds;
  const kind = canonicalEventKind(word);
  if (kind !== undefined) return [kind];
  const preset = eventPresets.find((item) => item.token === word || item.label.toLowerCase() === word);
  if (preset !== undefined) return preset.kinds;
  const labelled = eventKinds.find((item) => eventKindLabels[item].toLowerCase() === word);
  return labelled === undefined ? undefined : [labelled];
}

/** Splits on commas; a part that names nothing is tried again word by word ("battle.completed user.*"). */
export function parseEventSelection(text: string): EventSelection {
  const kinds = new Set<EventKind>();
  const unknown: string[] = [];
  for (const part of text.split(",")) {
    const trimmed = part.trim();
    if (trimmed === "") continue;
    const whole = kindsOfToken(trimmed);
    const words = trimmed.split(/\s+/);
    const byWord = words.map(kindsOfToken);
    if (whole !== undefined) for (const kind of whole) kinds.add(kind);
    else if (words.length > 1 && byWord.every((found) => found !== undefined))
      for (const found of byWord) for (const kind of found) kinds.add(kind);
    else unknown.push(trimmed);
  }
  return { kinds: sortEventKinds(kinds), unknown };
}
