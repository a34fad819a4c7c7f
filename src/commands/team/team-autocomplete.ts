import type { APIApplicationCommandOptionChoice } from "discord-api-types/v10";
import type { BotDependencies } from "../bot-dependencies.js";
import { discordLimits } from "../../discord/discord-limits.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import { plainLabel } from "../../display/platform-text.js";
import { listMemberTeams, type MemberTeam } from "../../store/member-teams.js";

/** More than a member creates; the newest are what they look for. */
const teamsScanned = 100;

/** Teams whose name or id contains what the member typed, as autocomplete choices (value: the id). */
export function chooseTeams(
  teams: readonly MemberTeam[],
  typed: string,
): APIApplicationCommandOptionChoice<string>[] {
  const needle = typed.trim().toLowerCase();
  return teams
    .filter((team) => team.teamId.length <= discordLimits.choiceValue)
    .filter(
      (team) => team.teamName.toLowerCase().includes(needle) || team.teamId.toLowerCase().includes(needle),
    )
    .slice(0, discordLimits.autocompleteChoices)
    .map((team) => ({
      name: plainLabel(`${team.teamName} · ${team.teamId}`, discordLimits.choiceName),
      value: team.teamId,
    }));
}

/**
 * `/team invite team:` suggestions: the teams the member created with `/team create` in this server, from the
 * bot's own records (the platform has no endpoint listing a member's teams), so no platform call is made.
 */
export async function suggestTeams(
  deps: BotDependencies,
  actor: ServerActor,
  typed: string,
): Promise<APIApplicationCommandOptionChoice<string>[]> {
  const teams = await listMemberTeams(deps.db, {
    guildId: actor.guildId,
    userId: actor.userId,
    limit: teamsScanned,
  });
  return chooseTeams(teams, typed);
}
