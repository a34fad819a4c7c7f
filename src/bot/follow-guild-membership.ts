// Whether the bot is still in each server, as the gateway tells it (docs/architecture.md, "When the bot leaves
// a server"): a GUILD_DELETE without `unavailable` is a removal (kicked, or the server deleted), one with
// `unavailable: true` is an outage and changes nothing; a GUILD_CREATE means the bot is there, so a recorded
// removal is cleared and the server resumes. A server set up here that a shard's READY does not list (every
// guild the bot is in is listed, unavailable or not) removed the bot while no instance was connected.
// HTTP interactions mode has no gateway: it reads the bot's server list instead (follow-guild-list.ts).
import {
  GatewayDispatchEvents,
  type GatewayGuildCreateDispatchData,
  type GatewayGuildDeleteDispatchData,
  type GatewayReadyDispatchData,
} from "discord-api-types/v10";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { GatewayClient } from "../discord/gateway-client.js";
import type { Logger } from "../logger.js";
import {
  clearGuildRemoval,
  listRemovedGuilds,
  listSetUpGuilds,
  recordGuildRemoval,
} from "../store/guild-removals.js";
import type { Database } from "../store/database.js";
import { retryAfterFailureMs } from "../worker/polling-worker.js";
import { WakeSignal } from "../worker/wake-signal.js";
import { isSuspectRemovalCount } from "./suspect-removals.js";

export interface GuildMembershipDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** GUILD_DATA_GRACE_DAYS, for the log line that says when the data goes. */
  readonly guildDataGraceMs: number;
  /** DISCORD_APPLICATION_ID: a READY of another application says nothing of this bot's servers. */
  readonly applicationId: string;
}

export interface GuildMembership {
  /**
   * Resolves once every change received so far is stored (before the database closes); one the database still
   * refuses is tried once more, then given up.
   */
  drain(): Promise<void>;
}

/** A change the database refused is tried again after 100 ms, then twice as long each time, up to this. */
const maxRetryMs = 30_000;

const day = 24 * 60 * 60 * 1000;

/**
 * Listens before login, so the GUILD_CREATE of every guild at connection also clears a removal made while
 * this instance was down. Changes are applied one at a time in the order they arrived, so a removal and an
 * add-back in quick succession end in the right state.
 */
export function followGuildMembership(client: GatewayClient, deps: GuildMembershipDeps): GuildMembership {
  let applied: Promise<void> = Promise.resolve();
  let draining = false;
  const retryDue = new WakeSignal();
  /**
   * A change the database cannot store now (a write lock held, a full disk, a failover) is tried again until
   * it is: the gateway tells it once, and only the next READY, which a resumed session never brings, would
   * tell it again. The changes behind it wait, so they still apply in the order they arrived.
   */
  const applyUntilStored = async (
    change: () => Promise<void>,
    failure: string,
    about: Record<string, unknown>,
  ): Promise<void> => {
    for (let failures = 1; ; failures += 1) {
      try {
        await change();
        return;
      } catch (error) {
        if (draining) {
          deps.logger.error({ err: error, ...about }, `${failure}; the bot is stopping, so it is given up`);
          return;
        }
        const retryInMs = retryAfterFailureMs(failures, maxRetryMs);
        deps.logger.error({ err: error, ...about, retryInMs }, failure);
        await retryDue.wait(retryInMs);
      }
    }
  };
  /** `about`: what the log line names if the change fails (the guild, or the shard). */
  const inOrder = (change: () => Promise<void>, failure: string, about: Record<string, unknown>): void => {
    applied = applied.then(() => applyUntilStored(change, failure, about));
  };
  client.ws.on(GatewayDispatchEvents.GuildDelete, (guild: GatewayGuildDeleteDispatchData) => {
    if (guild.unavailable === true) {
      deps.logger.info({ guildId: guild.id }, "server unavailable (a Discord outage); nothing changes");
      return;
    }
    inOrder(() => recordRemoval(deps, guild.id), "could not record the bot's removal from a server", {
      guildId: guild.id,
    });
  });
  client.ws.on(GatewayDispatchEvents.Ready, (ready: GatewayReadyDispatchData, shardId: number) => {
    inOrder(
      () => recordRemovalsWhileAway(deps, ready, shardId),
      "could not check READY's servers against those set up here",
      { shardId },
    );
  });
  client.ws.on(GatewayDispatchEvents.GuildCreate, (guild: GatewayGuildCreateDispatchData) => {
    inOrder(() => resumeGuild(deps, guild.id), "could not resume a server the bot was added back to", {
      guildId: guild.id,
    });
  });
  return {
    drain: () => {
      draining = true;
      retryDue.wake();
      return applied;
    },
  };
}

/** Records the removal and says what follows (also for the server list read in HTTP mode, follow-guild-list.ts). */
export async function recordRemoval(
  deps: Pick<GuildMembershipDeps, "db" | "clock" | "logger" | "guildDataGraceMs">,
  guildId: string,
): Promise<void> {
  const { droppedPosts } = await recordGuildRemoval(deps.db, { guildId, now: deps.clock.now() });
  deps.logger.info(
    { guildId, droppedPosts, graceDays: Math.round(deps.guildDataGraceMs / day) },
    "the bot was removed from a server: its announcements stop, and its data is deleted after the grace " +
      "period unless the bot is added back",
  );
}

/**
 * The guilds set up here that fall on this shard (Discord's formula: (id >> 22) % shard count) and that READY
 * does not list: each is recorded as removed, as its GUILD_DELETE would have been.
 */
async function recordRemovalsWhileAway(
  deps: GuildMembershipDeps,
  ready: GatewayReadyDispatchData,
  shardId: number,
): Promise<void> {
  // Without its shard, READY cannot say which servers it should have listed.
  if (ready.shard === undefined || ready.application.id !== deps.applicationId) {
    deps.logger.warn(
      { shardId, application: ready.application.id },
      "READY names no shard, or another application: servers are not checked against it",
    );
    return;
  }
  const [readyShard, shardCount] = ready.shard;
  const listed = new Set(ready.guilds.map((guild) => guild.id));
  const onThisShard = (await listSetUpGuilds(deps.db)).filter(
    (guildId) =>
      /^\d{1,20}$/.test(guildId) && (BigInt(guildId) >> 22n) % BigInt(shardCount) === BigInt(readyShard),
  );
  const alreadyRemoved = await listRemovedGuilds(deps.db, onThisShard);
  const missing = onThisShard.filter((guildId) => !listed.has(guildId) && !alreadyRemoved.has(guildId));
  // Most of a shard's servers gone at once is far likelier a database shared with another bot, or restored
  // from elsewhere, than that many removals: nothing is recorded, and an operator reads why.
  if (isSuspectRemovalCount(missing.length, onThisShard.length)) {
    deps.logger.error(
      { shardId: readyShard, missing: missing.length, setUp: onThisShard.length },
      "most servers set up here are not in READY: not recording them as removed; check DISCORD_TOKEN and " +
        "DATABASE_URL belong to the same bot",
    );
    return;
  }
  for (const guildId of missing) {
    deps.logger.info(
      { guildId, shardId: readyShard },
      "a server set up here is not in READY: the bot left it while away",
    );
    await recordRemoval(deps, guildId);
  }
}

export async function resumeGuild(
  deps: Pick<GuildMembershipDeps, "db" | "logger">,
  guildId: string,
): Promise<void> {
  if (await clearGuildRemoval(deps.db, guildId)) {
    deps.logger.info({ guildId }, "the bot is back in a server it was removed from: everything resumes");
  }
}
