import { isDeepStrictEqual } from "node:util";
import type { REST } from "@discordjs/rest";
import { type RESTGetAPIApplicationCommandsResult, Routes } from "discord-api-types/v10";
import type { CommandDefinition } from "./command-definition.js";

export interface DeployTarget {
  readonly applicationId: string;
  /** A guild registers instantly (development); without one, commands are global. */
  readonly guildId?: string | undefined;
}

export type DeployResult =
  { readonly status: "unchanged" } | { readonly status: "updated"; readonly count: number };

type Comparable = Record<string, unknown>;

// Discord echoes commands with ids, versions and defaults filled in; compare only what we control, with
// Discord's defaults applied, so an unchanged set is recognised and not re-registered.
const optionKeys = [
  "type",
  "name",
  "description",
  "required",
  "choices",
  "options",
  "autocomplete",
  "min_value",
  "max_value",
  "min_length",
  "max_length",
  "channel_types",
];
const optionDefaults: Comparable = { required: false, autocomplete: false };

function normaliseOption(option: Comparable): Comparable {
  const normalised: Comparable = {};
  for (const key of optionKeys) {
    const value = option[key] ?? optionDefaults[key];
    if (value === undefined) continue;
    normalised[key] =
      key === "options" && Array.isArray(value)
        ? value.map((inner) => normaliseOption(inner as Comparable))
        : value;
  }
  return normalised;
}

function normaliseCommand(command: Comparable): Comparable {
  return {
    type: command.type ?? 1,
    name: command.name,
    description: command.description,
    options: ((command.options as Comparable[] | undefined) ?? []).map(normaliseOption),
    default_member_permissions: command.default_member_permissions ?? null,
    contexts: command.contexts ?? null,
    // Discord answers [0] (server installs) for a command registered without the list.
    integration_types: command.integration_types ?? [0],
  };
}

function sortByName(commands: readonly Comparable[]): Comparable[] {
  return [...commands].sort((left, right) => String(left.name).localeCompare(String(right.name)));
}

/** Registers the commands unless Discord already has exactly these (issue: "skips when unchanged"). */
export async function deployCommands(
  rest: REST,
  target: DeployTarget,
  commands: readonly CommandDefinition[],
): Promise<DeployResult> {
  const route =
    target.guildId === undefined
      ? Routes.applicationCommands(target.applicationId)
      : Routes.applicationGuildCommands(target.applicationId, target.guildId);
  const existing = (await rest.get(route)) as RESTGetAPIApplicationCommandsResult;
  const wanted = sortByName(commands.map((command) => normaliseCommand(command as unknown as Comparable)));
  const current = sortByName(existing.map((command) => normaliseCommand(command as unknown as Comparable)));
  if (isDeepStrictEqual(wanted, current)) return { status: "unchanged" };
  await rest.put(route, { body: commands });
  return { status: "updated", count: commands.length };
}
