import { notFound } from "../errors.js";
import type { Battle, Problem, SandboxState, Team, Tournament, User } from "../state.js";

export function requireUser(state: SandboxState, userId: string): User {
  const user = state.users.get(userId);
  if (user === undefined) throw notFound("User", userId);
  return user;
}

export function findUserByUsername(state: SandboxState, username: string): User | undefined {
  const wanted = username.toLowerCase();
  return [...state.users.values()].find((user) => user.username.toLowerCase() === wanted);
}

export function requireBattle(state: SandboxState, battleId: string): Battle {
  const battle = state.battles.get(battleId);
  if (battle === undefined) throw notFound("Battle", battleId);
  return battle;
}

export function requireProblem(state: SandboxState, problemId: string): Problem {
  const problem = state.problems.find((candidate) => candidate.id === problemId);
  if (problem === undefined) throw notFound("Problem", problemId);
  return problem;
}

export function requireTournament(state: SandboxState, tournamentId: string): Tournament {
  const tournament = state.tournaments.get(tournamentId);
  if (tournament === undefined) throw notFound("Tournament", tournamentId);
  return tournament;
}

export function requireTeam(state: SandboxState, teamId: string): Team {
  const team = state.teams.get(teamId);
  if (team === undefined) throw notFound("Team", teamId);
  return team;
}
