// A battle of type `team` is also scored per team: each participant counts for the first team they
// joined, a team's score is the sum of its members' best scores, and `team.battle_completed` is emitted
// when at least one participant belongs to a team.
import type { Battle, SandboxState, Team } from "../state.js";
import { teamBattleCompletedData, type TeamStanding } from "../webhooks/event-data.js";
import type { Standing } from "./battle-completion.js";
import type { CoreDeps, EventCause } from "./deps.js";

export function teamOf(state: SandboxState, userId: string): Team | undefined {
  let found: { team: Team; joinedAt: number } | undefined;
  for (const team of state.teams.values()) {
    const member = team.members.get(userId);
    if (member !== undefined && (found === undefined || member.joinedAt < found.joinedAt)) {
      found = { team, joinedAt: member.joinedAt };
    }
  }
  return found?.team;
}

export function rankTeams(state: SandboxState, standings: readonly Standing[]): TeamStanding[] {
  const byTeam = new Map<string, TeamStanding>();
  for (const standing of standings) {
    const team = teamOf(state, standing.userId);
    if (team === undefined) continue;
    const entry = byTeam.get(team.id) ?? { team, score: 0, rank: 0, memberIds: [] };
    entry.score += standing.score;
    entry.memberIds.push(standing.userId);
    byTeam.set(team.id, entry);
  }
  const ranked = [...byTeam.values()].sort((a, b) => b.score - a.score);
  ranked.forEach((entry, index) => {
    const previous = ranked[index - 1];
    entry.rank = previous !== undefined && previous.score === entry.score ? previous.rank : index + 1;
  });
  return ranked;
}

export function announceTeamBattle(
  deps: CoreDeps,
  cause: EventCause,
  battle: Battle,
  standings: readonly Standing[],
): void {
  const teams = rankTeams(deps.state, standings);
  if (teams.length === 0) return;
  deps.publish("team.battle_completed", teamBattleCompletedData(battle, teams), cause);
}
