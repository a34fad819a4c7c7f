// The bot's background workers, built once after the dependencies they use (docs/architecture.md, "The core"):
// each is a definition on the shared polling worker, leased under this process's own owner name. Nothing runs
// until start-background-work.ts starts them.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { BotDependencies } from "../commands/bot-dependencies.js";
import { readLinkedRolesSettings } from "../linking/linked-roles-settings.js";
import {
  createTokenRevocationWorker,
  type TokenRevocationWorker,
} from "../linking/token-revocation-worker.js";
import type { BotMetrics } from "../metrics/bot-metrics.js";
import { createOutboxWorker, type OutboxWorker } from "../outbox/index.js";
import {
  createTournamentEventWorker,
  type TournamentEventWorker,
} from "../reminders/events/tournament-event-worker.js";
import { createReminderWorker, type ReminderWorker } from "../reminders/reminder-worker.js";
import { createMemberTierReader } from "../roles/read-member-tier.js";
import {
  createRoleConnectionWorker,
  type RoleConnectionWorker,
} from "../roles/role-connections/role-connection-worker.js";
import { createRoleWorker, type RoleWorker } from "../roles/role-worker.js";
import type { Store } from "../store/create-db.js";
import { registerOutboxSources } from "./register-outbox-sources.js";

export interface BotWorkers {
  /** Posts queued announcements to Discord, once started. */
  readonly outbox: OutboxWorker;
  /** Makes members' tier roles follow their rating, once started (docs/architecture.md, "Tier roles"). */
  readonly roles: RoleWorker;
  /** Reads open tournaments and queues reminders as they fall due (docs/architecture.md, "Tournament reminders"). */
  readonly reminders: ReminderWorker;
  /** Keeps tournaments' scheduled events in line with Discord (docs/architecture.md, "Tournament events"). */
  readonly tournamentEvents: TournamentEventWorker;
  /** Keeps verified members' Linked Roles connections current (docs/architecture.md, "Linked Roles"). */
  readonly roleConnections: RoleConnectionWorker;
  /** Revokes the tokens the bot stopped using that the first attempt left (docs/architecture.md, "Linking"). */
  readonly tokenRevocations: TokenRevocationWorker;
}

/**
 * The workers the dependencies wake (`deps.wakeOutbox`…), filled in as each is built: what queues their work is
 * built before them.
 */
export type BuiltWorkers = {
  -readonly [K in "roles" | "outbox" | "roleConnections" | "tournamentEvents"]?: BotWorkers[K];
};

export function buildWorkers(input: {
  readonly deps: BotDependencies;
  readonly store: Store;
  readonly metrics: BotMetrics;
  readonly built: BuiltWorkers;
}): BotWorkers {
  const { deps, store, metrics, built } = input;
  const { config, rest, clock, logger, applicationId, memberPresence } = deps;
  // Unique per process, so leases tell instances apart.
  const owner = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const outbox = createOutboxWorker({
    db: store.db,
    rest,
    sources: registerOutboxSources({ db: store.db, clock, logger, rest, memberPresence }),
    clock,
    logger,
    owner,
    leaseMs: config.outbox.leaseMs,
    pollIntervalMs: config.outbox.pollIntervalMs,
    onResult: (result) => {
      metrics.recordPost(result.outcome);
    },
  });
  built.outbox = outbox;

  const roles = createRoleWorker({
    db: store.db,
    rest,
    restForCreates: deps.restForCreates,
    clock,
    logger,
    applicationId,
    owner,
    leaseMs: config.outbox.leaseMs,
    pollIntervalMs: config.outbox.pollIntervalMs,
    readMemberTier: createMemberTierReader(deps),
  });
  built.roles = roles;

  const tournamentEvents = createTournamentEventWorker({ ...deps, owner });
  built.tournamentEvents = tournamentEvents;
  const roleConnections = createRoleConnectionWorker({
    ...deps,
    linkedRoles: readLinkedRolesSettings(config),
    owner,
    leaseMs: config.outbox.leaseMs,
    pollIntervalMs: config.outbox.pollIntervalMs,
  });
  built.roleConnections = roleConnections;
  const tokenRevocations = createTokenRevocationWorker({
    ...deps,
    owner,
    pollIntervalMs: config.outbox.pollIntervalMs,
  });
  const reminders = createReminderWorker({
    ...deps,
    metrics: metrics.reminders,
    onEnqueued: () => {
      outbox.notify();
    },
    onEventsQueued: () => {
      tournamentEvents.wake();
    },
  });
  return { outbox, roles, reminders, tournamentEvents, roleConnections, tokenRevocations };
}
