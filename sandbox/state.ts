// All sandbox state lives in these maps, in memory, for the life of one sandbox. Plain typed maps rather
// than SQLite: nothing outlives the process, tests drive the state synchronously, and typed records need
// no row-mapping layer (see sandbox/README.md, "State", for why not SQLite).
import type { EventKind } from "./webhooks/event-kinds.js";

export type Level = "read" | "write" | "admin";
export type Shape = "A" | "B";

/**
 * How `PATCH /api/v1/webhooks/{id}` answers: `supported` updates the webhook; `404` and `405` answer like a
 * platform without that operation (the spec shows none), so a client's fallback can be exercised.
 */
export type WebhookPatchSupport = "supported" | "404" | "405";
export type Difficulty = "easy" | "medium" | "hard";

export interface User {
  id: string;
  username: string;
  email: string;
  rating: number;
  joinedAt: number;
  displayName: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
}

/** An API key; only the SHA-256 of the key is kept (secrets never stored in plaintext). */
export interface ApiKey {
  id: string;
  keyHash: string;
  userId: string;
  level: Level;
  shape: Shape | undefined;
  rateLimit: number | undefined;
}

export interface Problem {
  id: string;
  title: string;
  difficulty: Difficulty;
}

export interface BattleParticipant {
  userId: string;
  joinedAt: number;
  ratingBefore: number | null;
  ratingAfter: number | null;
  rank: number | null;
  result: "won" | "lost" | "draw" | null;
}

export interface TestResult {
  input: string;
  expected: string;
  actual: string;
  passed: boolean;
}

export interface Submission {
  id: string;
  battleId: string;
  userId: string;
  language: string;
  score: number;
  passed: number;
  total: number;
  executionTime: number;
  memoryUsed: number;
  testResults: TestResult[];
  submittedAt: number;
}

export interface Battle {
  id: string;
  type: string;
  difficulty: Difficulty;
  language: string;
  timeLimit: number;
  capacity: number;
  problemId: string;
  creatorId: string;
  status: "waiting" | "active" | "completed";
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  winnerId: string | null;
  participants: BattleParticipant[];
  submissions: Submission[];
}

export interface TournamentResult {
  score: number;
  problemsSolved: number;
  totalTime: number;
}

export interface Tournament {
  id: string;
  title: string;
  format: string;
  difficulty: Difficulty;
  status: "open" | "active" | "completed";
  startTime: number;
  endTime: number;
  maxParticipants: number;
  prize: string;
  registrations: Map<string, { id: string; registeredAt: number }>;
  results: Map<string, TournamentResult>;
}

export interface Team {
  id: string;
  name: string;
  description: string;
  ownerId: string;
  isPublic: boolean;
  maxMembers: number;
  createdAt: number;
  members: Map<string, { role: string; joinedAt: number }>;
}

export interface Invitation {
  id: string;
  teamId: string;
  inviteeId: string;
  inviterId: string;
  role: string;
  status: "pending" | "accepted";
  sentAt: number;
}

export interface RatingPoint {
  at: number;
  rating: number;
}

export interface Webhook {
  id: string;
  ownerId: string;
  url: string;
  events: string[];
  /** Kept usable (not hashed): every delivery is signed with it. Never returned by the API. */
  secret: string;
  active: boolean;
  description: string | undefined;
  createdAt: number;
  /** `standard` (the spec's form) or `legacy` (its older form); a sandbox extra. */
  payloadFormat: "standard" | "legacy";
}

export interface WebhookEvent {
  id: string;
  kind: EventKind;
  created: number;
  /** The standard form's text. */
  payload: string;
  /** The older form's text (webhooks registered with payload_format "legacy"). */
  legacyPayload: string;
}

export interface DeliveryAttempt {
  at: number;
  responseCode: number;
  responseTime: number;
  error: string | undefined;
}

export interface Delivery {
  id: string;
  webhookId: string;
  event: WebhookEvent;
  createdAt: number;
  attempts: DeliveryAttempt[];
  status: "pending" | "delivered" | "failed";
  /** When the next attempt is due, or began while it is under way; null once no attempt remains. */
  nextAttemptAt: number | null;
  deliveredAt: number | null;
  failedAt: number | null;
}

export interface OAuthClient {
  clientId: string;
  secretHash: string;
  name: string;
  redirectUris: string[];
  shape: Shape | undefined;
}

export interface AuthorizationCode {
  codeHash: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | undefined;
  codeChallengeMethod: "S256" | "plain";
  expiresAt: number;
  used: boolean;
}

export interface OAuthGrant {
  id: string;
  clientId: string;
  userId: string;
  scopes: string[];
  accessTokenHash: string;
  accessExpiresAt: number;
  refreshTokenHash: string;
  refreshExpiresAt: number;
  revoked: boolean;
  /** The authorization code this grant came from; a replayed code revokes it (RFC 6749 §4.1.2). */
  codeHash: string | undefined;
}

export interface PendingAuthorization {
  id: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: "S256" | "plain";
  expiresAt: number;
}

export interface SandboxState {
  users: Map<string, User>;
  apiKeys: Map<string, ApiKey>;
  problems: Problem[];
  battles: Map<string, Battle>;
  tournaments: Map<string, Tournament>;
  teams: Map<string, Team>;
  invitations: Map<string, Invitation>;
  ratingHistory: Map<string, RatingPoint[]>;
  achievements: Set<string>;
  webhooks: Map<string, Webhook>;
  deliveries: Map<string, Delivery>;
  /** The latest events, newest last, bounded; for tests and `GET /sandbox/events`. */
  events: WebhookEvent[];
  oauthClients: Map<string, OAuthClient>;
  authorizationCodes: Map<string, AuthorizationCode>;
  pendingAuthorizations: Map<string, PendingAuthorization>;
  oauthGrants: Map<string, OAuthGrant>;
  /** `reportExpiresIn: false` leaves `expires_in` out of token answers, as RFC 6749 §5.1 allows. */
  oauth: { autoApprove: boolean; autoApproveUsername: string | undefined; reportExpiresIn: boolean };
  webhookPatch: WebhookPatchSupport;
  /**
   * The most items a list answers with, whatever `limit` asks (the spec shows no bounds of `limit`): below
   * 100 it plays a platform that serves shorter pages than the 100 a client may ask for.
   */
  listPageCap: number;
  lastLeaderboardRefresh: number;
}

export function createState(now: number): SandboxState {
  return {
    users: new Map(),
    apiKeys: new Map(),
    problems: [],
    battles: new Map(),
    tournaments: new Map(),
    teams: new Map(),
    invitations: new Map(),
    ratingHistory: new Map(),
    achievements: new Set(),
    webhooks: new Map(),
    deliveries: new Map(),
    events: [],
    oauthClients: new Map(),
    authorizationCodes: new Map(),
    pendingAuthorizations: new Map(),
    oauthGrants: new Map(),
    oauth: { autoApprove: false, autoApproveUsername: undefined, reportExpiresIn: true },
    webhookPatch: "supported",
    listPageCap: 100,
    lastLeaderboardRefresh: now,
  };
}
