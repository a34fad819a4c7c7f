// What the `/sandbox/` control routes and in-process tests can do beyond the platform API: create users
// and keys, register OAuth clients, move tournaments and battles along, announce system events, and move
// the clock. Every change that the platform would announce emits its event.
import { createApiKey } from "./core/api-keys.js";
import { completeBattle } from "./core/battle-completion.js";
import type { CoreDeps, EventCause } from "./core/deps.js";
import { findUserByUsername, requireBattle, requireTournament } from "./core/lookups.js";
import { refreshLeaderboard, scheduleMaintenance } from "./core/system.js";
import { acceptInvitation } from "./core/teams.js";
import {
  completeTournament,
  createTournament,
  recordTournamentResult,
  rescheduleTournament,
  startTournament,
  type NewTournament,
} from "./core/tournaments.js";
import { registerUser, type NewUser } from "./core/users.js";
import { conflict, notFound } from "./errors.js";
import { newId } from "./ids.js";
import { registerClient, type RegisteredClient } from "./oauth/clients.js";
import { expireAccessTokens } from "./oauth/grants.js";
import type { Level, Shape, Tournament, TournamentResult, User, WebhookPatchSupport } from "./state.js";

export interface SandboxControl {
  createUser(input: NewUser): User;
  createApiKey(input: {
    username: string;
    level: Level;
    shape?: Shape | undefined;
    rateLimit?: number | undefined;
  }): { id: string; key: string };
  registerOAuthClient(input: {
    name: string;
    redirectUris: string[];
    shape?: Shape | undefined;
  }): RegisteredClient;
  setAutoApprove(enabled: boolean, username?: string): void;
  /** Whether token answers carry `expires_in` (on by default). */
  setReportExpiresIn(report: boolean): void;
  /** Ends the user's access tokens now, keeping their refresh tokens; returns how many. */
  expireAccessTokens(username: string): number;
  /** How `PATCH /api/v1/webhooks/{id}` answers from now on (SANDBOX_WEBHOOK_PATCH). */
  setWebhookPatch(support: WebhookPatchSupport): void;
  createTournament(input: NewTournament): Tournament;
  /** Moves an open tournament's start (and its end with it). */
  rescheduleTournament(tournamentId: string, startTime: number): void;
  startTournament(tournamentId: string): void;
  completeTournament(tournamentId: string): void;
  recordTournamentResult(tournamentId: string, username: string, result: TournamentResult): void;
  finishBattle(battleId: string): void;
  acceptInvitation(invitationId: string): void;
  scheduleMaintenance(input: { startsAt: number; durationMinutes: number; message: string }): string;
  refreshLeaderboard(): void;
}

function controlCause(): EventCause {
  const id = newId("req");
  return { requestId: id, idempotencyKey: id };
}

export function createControl(deps: CoreDeps): SandboxControl {
  const { state } = deps;
  const userNamed = (username: string): User => {
    const user = findUserByUsername(state, username);
    if (user === undefined) throw notFound("User", username);
    return user;
  };
  return {
    createUser: (input) => registerUser(deps, controlCause(), input),
    createApiKey: ({ username, level, shape, rateLimit }) =>
      createApiKey(state, { userId: userNamed(username).id, level, shape, rateLimit }),
    registerOAuthClient: (input) => registerClient(state, input),
    setAutoApprove: (enabled, username) => {
      if (username !== undefined) userNamed(username);
      state.oauth = { ...state.oauth, autoApprove: enabled, autoApproveUsername: username };
    },
    setReportExpiresIn: (report) => {
      state.oauth = { ...state.oauth, reportExpiresIn: report };
    },
    expireAccessTokens: (username) => expireAccessTokens(state, userNamed(username).id, deps.clock.now()),
    setWebhookPatch: (support) => {
      state.webhookPatch = support;
    },
    createTournament: (input) => createTournament(state, input),
    rescheduleTournament: (id, startTime) => {
      rescheduleTournament(requireTournament(state, id), startTime);
    },
    startTournament: (id) => {
      startTournament(deps, controlCause(), requireTournament(state, id));
    },
    completeTournament: (id) => {
      const tournament = requireTournament(state, id);
      if (tournament.status === "open") startTournament(deps, controlCause(), tournament);
      completeTournament(deps, tournament);
    },
    recordTournamentResult: (id, username, result) => {
      recordTournamentResult(requireTournament(state, id), userNamed(username), result);
    },
    finishBattle: (id) => {
      const battle = requireBattle(state, id);
      if (battle.status === "completed") throw conflict("the battle is already completed");
      if (battle.status === "waiting") throw conflict("nobody has joined the battle yet");
      completeBattle(deps, controlCause(), battle, deps.clock.now());
    },
    acceptInvitation: (id) => {
      const invitation = state.invitations.get(id);
      if (invitation === undefined) throw notFound("Invitation", id);
      acceptInvitation(deps, controlCause(), invitation);
    },
    scheduleMaintenance: (input) => scheduleMaintenance(deps, controlCause(), input),
    refreshLeaderboard: () => {
      refreshLeaderboard(deps, controlCause());
    },
  };
}
