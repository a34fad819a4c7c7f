// The platform API client's public surface (docs/architecture.md, "The platform API client"). Every endpoint
// is a function taking the shared `PlatformHttp` (built once at start) and the member's own credential.
export { createPlatformHttp } from "./http.js";
export type { PlatformCredential, PlatformHttp, PlatformHttpOptions, PlatformRequest } from "./http.js";
export {
  PlatformError,
  PlatformProtocolError,
  PlatformRateLimitedLocallyError,
  PlatformUnavailableError,
  rateLimitCodes,
} from "./errors.js";
export type { UnavailableKind } from "./errors.js";
export * from "./assumptions.js";

export { createBattle, getBattle, joinBattle, listBattles, submitToBattle } from "./battles.js";
export type { BattleListQuery } from "./battles.js";
export {
  getTournamentLeaderboard,
  listTournaments,
  listTournamentsTolerantly,
  registerForTournament,
} from "./tournaments.js";
export type { TournamentListQuery } from "./tournaments.js";
export { getCurrentUser, getCurrentUserStats, updateCurrentUser } from "./users.js";
export { createTeam, inviteToTeam } from "./teams.js";
export { getGlobalLeaderboard, getMyRank } from "./leaderboards.js";
export { listProblems } from "./problems.js";
export type { ProblemListQuery } from "./problems.js";
export {
  listDeliveries,
  listFailedDeliveries,
  registerWebhook,
  sendTestWebhook,
  updateWebhook,
} from "./webhooks.js";

export { buildBattleCreateRequest } from "./schemas/battle.js";
export type * from "./schemas/battle.js";
export type * from "./schemas/submission.js";
export type * from "./schemas/tournament.js";
export type * from "./schemas/user.js";
export type * from "./schemas/team.js";
export type * from "./schemas/leaderboard.js";
export type * from "./schemas/problem.js";
export type * from "./schemas/webhook.js";
export * from "./schemas/vocabulary.js";
