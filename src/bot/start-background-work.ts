import { type APIInteraction, GatewayDispatchEvents } from "discord-api-types/v10";
import { logShardChanges, readRunningShards } from "../discord/gateway-shards.js";
import { reconcileIntervalMs, reconcileTierRoles } from "../roles/reconcile-tier-roles.js";
import { pruneMemberActivity } from "../store/member-activity.js";
import { pruneOAuthStates } from "../store/oauth-states.js";
import { pruneSeenInteractions } from "../store/seen-interactions.js";
import { pruneTournamentReminders } from "../store/tournament-reminders.js";
import { pruneRetiredSecrets } from "../store/webhook-retired-secrets.js";
import type { BotParts } from "./build-dependencies.js";
import { followGuildMembership, type GuildMembership } from "./follow-guild-membership.js";
import { purgeRemovedGuilds } from "./purge-removed-guilds.js";
import { startResealing, type ResealRun } from "./reseal-at-start.js";

/** What startBackgroundWork started that stopBot must end itself. */
export interface BackgroundWork {
  /**
   * The hourly clean-up of abandoned /link requests, of retired webhook secrets no longer accepted, of
   * interaction ids past the replay window, of members' activity older than a year and of servers that
   * removed the bot past the grace period.
   */
  readonly statePruning: NodeJS.Timeout;
  /** Re-sealing what an older key sealed, stopped before the database closes. */
  readonly resealing: ResealRun;
  /** Removals and add-backs seen on the gateway; undefined without one (HTTP interactions mode). */
  readonly guildMembership: GuildMembership | undefined;
  /** The daily tier role reconcile (docs/architecture.md, "Tier roles"). */
  readonly roleReconcile: NodeJS.Timeout;
}

/**
 * Once the HTTP app listens: the gateway (if any) feeding the dispatcher and telling which servers the bot
 * is in, the outbox and tier role workers with the daily tier role reconcile, the re-sealing of secrets an
 * older key sealed, the tournament reminder worker, and the hourly clean-up of abandoned /link requests,
 * retired webhook secrets, seen interaction ids, past reminders, members' activity older than a year and the
 * data of servers that removed the bot.
 */
export async function startBackgroundWork(parts: BotParts): Promise<BackgroundWork> {
  const { client, token, dispatch, inFlight, outbox, roles, reminders, store } = parts;
  const { clock, logger, config } = parts.deps;
  let guildMembership: GuildMembership | undefined;
  if (client !== undefined) {
    // Interactions are handled from the raw payload, so the same dispatcher serves HTTP interactions too.
    client.ws.on(GatewayDispatchEvents.InteractionCreate, (interaction: APIInteraction) => {
      if (!inFlight.draining) inFlight.track(dispatch(interaction));
    });
    guildMembership = followGuildMembership(client, {
      db: store.db,
      clock,
      logger,
      guildDataGraceMs: config.guildDataGraceMs,
      applicationId: parts.deps.applicationId,
    });
    logShardChanges(client, logger);
    await client.login(token);
    logger.info(readRunningShards(client), "gateway shards running in this instance");
  }
  outbox.start();
  roles.start();
  reminders.start();
  const roleReconcile = setInterval(() => {
    reconcileTierRoles({ db: store.db, clock, logger })
      .then((queued) => {
        if (queued > 0) roles.notify();
      })
      .catch((error: unknown) => {
        logger.warn({ err: error }, "could not queue the daily tier role reconcile");
      });
  }, reconcileIntervalMs);
  roleReconcile.unref();
  const resealing = startResealing(parts);
  const pruneState = (): void => {
    // Abandoned /link requests leave an encrypted verifier and interaction token behind.
    pruneOAuthStates(store.db, clock.now()).catch((error: unknown) => {
      logger.warn({ err: error }, "could not prune expired OAuth states");
    });
    // A sealed secret is kept no longer than it verifies deliveries (webhook-retired-secrets.ts).
    pruneRetiredSecrets(store.db, clock.now()).catch((error: unknown) => {
      logger.warn({ err: error }, "could not prune retired webhook secrets");
    });
    // An id is kept only while a replay of its signed request could still be fresh (seen-interactions.ts).
    pruneSeenInteractions(store.db, clock.now()).catch((error: unknown) => {
      logger.warn({ err: error }, "could not prune seen interaction ids");
    });
    // A reminder row is kept a week past its start: it keeps a reminder from being sent twice until then.
    pruneTournamentReminders(store.db, clock.now() - 7 * 24 * 60 * 60 * 1000).catch((error: unknown) => {
      logger.warn({ err: error }, "could not prune past tournament reminders");
    });
    // The weekly digest and /leaderboard server read a year at most (member-activity.ts).
    pruneMemberActivity(store.db, clock.now()).catch((error: unknown) => {
      logger.warn({ err: error }, "could not prune members' activity older than a year");
    });
    purgeRemovedGuilds({
      db: store.db,
      clock,
      logger,
      guildDataGraceMs: config.guildDataGraceMs,
    }).catch((error: unknown) => {
      logger.warn({ err: error }, "could not purge the data of servers that removed the bot");
    });
  };
  const statePruning = setInterval(pruneState, 60 * 60 * 1000);
  statePruning.unref();
  return { statePruning, resealing, guildMembership, roleReconcile };
}
