import { randomBytes } from "node:crypto";
import { AuditLog } from "./audit-log.js";
import { systemClock, type Clock } from "./clock.js";
import { ChangeSignal } from "./change-signal.js";
import { CommandStore } from "./commands/command-store.js";
import type { FakeDiscordOptions } from "./fake-discord-options.js";
import { InteractionRegistry } from "./interactions/interaction-registry.js";
import { AttachmentStore } from "./messages/attachment-store.js";
import { MessageStore } from "./messages/message-store.js";
import { countThreadMessages } from "./messages/thread-message-counts.js";
import { OAuth2Store } from "./oauth2/oauth2-store.js";
import { RoleConnectionStore } from "./role-connections/role-connection-store.js";
import { createSnowflakeGenerator, type SnowflakeGenerator } from "./snowflake.js";
import { FakeWorld } from "./world/world.js";
import { ResponseHolds } from "./rest/response-holds.js";
import { discordInvalidRequestLimit, InvalidRequestLimit } from "./rate-limits/invalid-requests.js";

/** Counters tests and benchmarks read (reset with `resetStats`). */
export interface FakeDiscordStats {
  requests: number;
  /** 429 answers, global ones included. */
  rateLimited: number;
  globalRateLimited: number;
  /** 400 answers to bodies that broke Discord's limits (50035, 50006). */
  rejectedMessages: number;
  /** Messages created by POST /channels/{id}/messages (nonce replays not counted). */
  channelMessagesCreated: number;
  /** Creates answered with the earlier message of the same `enforce_nonce` nonce instead of posting again. */
  channelMessagesDeduplicated: number;
  /**
   * Answers Discord counts towards its invalid-request limit: 401, 403, and 429 unless its scope is "shared".
   * A reset zeroes this count, not the limit's window (rate-limits/invalid-requests.ts).
   */
  invalidRequests: number;
  requestsByRoute: Map<string, number>;
}

/** "unavailable": REST answers 503; "reset": connections are dropped without an answer. */
export type OutageMode = "off" | "unavailable" | "reset";

/** Everything the REST routes, the gateway and the driver share. Built once per fake. */
export interface FakeDiscordState {
  clock: Clock;
  nextId: SnowflakeGenerator;
  applicationId: string;
  applicationName: string;
  botToken: string;
  world: FakeWorld;
  messages: MessageStore;
  attachments: AttachmentStore;
  commands: CommandStore;
  interactions: InteractionRegistry;
  signal: ChangeSignal;
  /** Entries the bot's role requests made, with their X-Audit-Log-Reason. */
  auditLog: AuditLog;
  stats: FakeDiscordStats;
  /** The API routes the fake serves, as "POST /channels/:channelId/messages" (filled as they register). */
  apiRoutes: string[];
  /** How long `enforce_nonce` remembers a nonce ("the past few minutes", docs: Create Message). */
  nonceWindowMs: number;
  /** Successful answers a test holds back (rest/response-holds.ts). */
  responseHolds: ResponseHolds;
  /** Requests held before their route acts (holdRequests): a Discord slow to take them. */
  requestHolds: ResponseHolds;
  outage: OutageMode;
  /**
   * Cloudflare's ban of the bot's address after too many invalid requests (docs: Topics, Rate Limits, Invalid
   * Request Limit): every request answered 429 with `Retry-After` (seconds) and no Discord headers or JSON.
   */
  ban: { readonly retryAfterSeconds: number } | undefined;
  /** The invalid answers counted towards the same ban, which begins by itself at the limit. */
  invalidRequestLimit: InvalidRequestLimit;
  /** The requests a ban answered (Cloudflare's answers, not Discord's): never counted as invalid. */
  bannedRequests: WeakSet<object>;
  /** Routes down on their own ("POST /channels/:channelId/messages"), answering 503 while the rest works. */
  routeOutages: Set<string>;
  /** Users' OAuth2 grants and tokens, and who added the app to their account. */
  oauth2: OAuth2Store;
  /** The application's role-connection metadata and users' role connections (Linked Roles). */
  roleConnections: RoleConnectionStore;
}

export function createEmptyStats(): FakeDiscordStats {
  return {
    requests: 0,
    rateLimited: 0,
    globalRateLimited: 0,
    rejectedMessages: 0,
    channelMessagesCreated: 0,
    channelMessagesDeduplicated: 0,
    invalidRequests: 0,
    requestsByRoute: new Map(),
  };
}

/** The stores and settings of a new fake; `origin` is read lazily as the port is known only after listen. */
export function createFakeDiscordState(options: FakeDiscordOptions, origin: () => string): FakeDiscordState {
  const clock = options.clock ?? systemClock;
  const nextId = createSnowflakeGenerator(clock);
  const applicationId = options.applicationId ?? nextId();
  const signal = new ChangeSignal();
  const botUser = {
    id: applicationId,
    username: options.botUsername ?? "Arena Bot",
    globalName: null,
    bot: true,
  };
  const attachments = new AttachmentStore(nextId, origin);
  const world = new FakeWorld(nextId, clock, botUser);
  if (options.cancelUnstartedEventsAfterMs !== undefined)
    world.scheduledEvents.cancelUnstartedAfterMs = options.cancelUnstartedEventsAfterMs;
  // Tests wait for role changes (a member given a tier role) as they wait for messages.
  const notify = () => {
    signal.notify();
  };
  world.listen({
    roleCreated: notify,
    roleUpdated: notify,
    roleDeleted: notify,
    memberUpdated: notify,
    memberRemoved: notify,
  });
  const messages = new MessageStore(nextId, clock, attachments);
  messages.onChange(countThreadMessages(world));
  return {
    responseHolds: new ResponseHolds(),
    requestHolds: new ResponseHolds(),
    clock,
    nextId,
    applicationId,
    applicationName: botUser.username,
    botToken: options.botToken ?? generateBotToken(applicationId),
    world,
    messages,
    attachments,
    commands: new CommandStore(nextId, applicationId),
    interactions: new InteractionRegistry(nextId, clock, options.interactionDeadlineMs ?? 3000, signal),
    signal,
    auditLog: new AuditLog(nextId),
    stats: createEmptyStats(),
    apiRoutes: [],
    nonceWindowMs: options.nonceWindowMs ?? 5 * 60_000,
    outage: "off",
    ban: undefined,
    bannedRequests: new WeakSet(),
    invalidRequestLimit: new InvalidRequestLimit(options.rateLimitClock ?? systemClock, {
      ...discordInvalidRequestLimit,
      ...options.invalidRequestLimit,
    }),
    routeOutages: new Set(),
    oauth2: createOAuth2Store(options, clock),
    roleConnections: new RoleConnectionStore(),
  };
}

function createOAuth2Store(options: FakeDiscordOptions, clock: Clock): OAuth2Store {
  const store = new OAuth2Store(clock, options.oauth2?.clientSecret ?? randomBytes(24).toString("base64url"));
  for (const uri of options.oauth2?.redirectUris ?? []) store.redirectUris.add(uri);
  return store;
}

/** Shaped like Discord's: base64 of the bot's id, a timestamp part and an HMAC part. */
function generateBotToken(applicationId: string): string {
  const parts = [Buffer.from(applicationId), randomBytes(4), randomBytes(27)];
  return parts.map((part) => part.toString("base64url")).join(".");
}
