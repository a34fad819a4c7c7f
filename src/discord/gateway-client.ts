import { EventEmitter } from "node:events";
import type { REST } from "@discordjs/rest";
import { type SessionInfo, WebSocketManager, WebSocketShardEvents } from "@discordjs/ws";
import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  type GatewayDispatchPayload,
  type GatewayIntentBits,
  type GatewayReadyDispatchData,
} from "discord-api-types/v10";
import { rejectOnAbort } from "./reject-on-abort.js";
import { StoppableShardingStrategy } from "./stoppable-sharding-strategy.js";

/** discord.js's wording, which the README's troubleshooting quotes. */
const invalidTokenMessage = "An invalid token was provided.";

/** How long a shard waits for the guilds READY announced before it counts as ready without them. */
const defaultWaitGuildTimeoutMs = 15_000;

/** Close codes after which Discord will not take the shard back (docs: Gateway, Close Event Codes). */
const unrecoverableCloseCodes: ReadonlySet<number> = new Set([
  GatewayCloseCodes.AuthenticationFailed,
  GatewayCloseCodes.InvalidShard,
  GatewayCloseCodes.ShardingRequired,
  GatewayCloseCodes.InvalidAPIVersion,
  GatewayCloseCodes.InvalidIntents,
  GatewayCloseCodes.DisallowedIntents,
]);

/**
 * - connecting: opening, identifying or resuming;
 * - waiting-for-guilds: READY received, not yet every GUILD_CREATE it announced;
 * - ready: connected with its guilds (or their wait timed out);
 * - disconnected: closed by Discord for good (bad token, invalid shard, sharding required, intents).
 */
export type GatewayShardStatus = "connecting" | "waiting-for-guilds" | "ready" | "disconnected";

export interface GatewayShard {
  readonly id: number;
  readonly status: GatewayShardStatus;
}

interface ShardState extends GatewayShard {
  status: GatewayShardStatus;
  /** Guild ids READY announced whose GUILD_CREATE (or GUILD_DELETE) has not come yet. */
  pendingGuilds: Set<string>;
  /** Whether shardReady was emitted since the session's READY. */
  announced: boolean;
  guildTimer: NodeJS.Timeout | undefined;
}

type DispatchData<Event extends GatewayDispatchEvents> = Extract<GatewayDispatchPayload, { t: Event }>["d"];

/** Raw dispatch payloads by event name, with the shard that received them. */
export type GatewayDispatchListeners = {
  [Event in GatewayDispatchEvents]: [data: DispatchData<Event>, shardId: number];
};

/** Raw dispatches as they arrive (`ws.on(GatewayDispatchEvents.InteractionCreate, …)`), and the shards. */
export class GatewayDispatches extends EventEmitter<GatewayDispatchListeners> {
  readonly shards: ReadonlyMap<number, GatewayShard> = new Map<number, ShardState>();
}

export interface GatewayClientEvents {
  /** Every shard is ready for the first time. */
  clientReady: [client: GatewayClient];
  shardReady: [shardId: number, unavailableGuilds: ReadonlySet<string> | undefined];
  shardReconnecting: [shardId: number];
  shardDisconnect: [event: { readonly code: number }, shardId: number];
  shardError: [error: Error, shardId: number];
}

export interface GatewayClientSettings {
  /** Asks Discord for the gateway URL and the recommended shard count (GET /gateway/bot). */
  readonly rest: REST;
  /** As @discordjs/ws types it: the bot asks for one intent (Guilds). */
  readonly intents: GatewayIntentBits;
  /** The shards to run: a list, one id, or "auto" for every one of Discord's recommended count. Default [0]. */
  readonly shards?: number | readonly number[] | "auto";
  /** The total across every instance; default 1, or the number of shards listed. */
  readonly shardCount?: number;
  readonly waitGuildTimeoutMs?: number;
}

/** The shards run, and the total count: "auto" and an undefined count stand only before login. */
export interface GatewayShardOptions {
  readonly shards: readonly number[] | "auto";
  readonly shardCount: number | undefined;
}

/**
 * A gateway connection that keeps nothing of what it receives: @discordjs/ws runs the shards (identify,
 * heartbeats, resume, reconnects) and every dispatch is handed on raw, so memory does not grow with guilds.
 * Events and readiness follow discord.js's Client, which the bot used before (shardReady once a shard has the
 * guilds READY announced, clientReady once every shard has been ready, shardDisconnect for a refused shard),
 * so the shard log lines and /readyz read the same.
 */
export class GatewayClient extends EventEmitter<GatewayClientEvents> {
  readonly ws = new GatewayDispatches();
  options: GatewayShardOptions;
  private readonly shardStates = this.ws.shards as Map<number, ShardState>;
  /** Sessions of this client's own shards, to resume: @discordjs/ws's default store is one per process. */
  private readonly sessions = new Map<number, SessionInfo>();
  private manager: WebSocketManager | undefined;
  private everyShardReady = false;
  private destroyed = false;

  constructor(private readonly settings: GatewayClientSettings) {
    super();
    const { shards, shardCount } = settings;
    const listed = shards === undefined ? undefined : typeof shards === "number" ? [shards] : shards;
    this.options =
      listed === "auto"
        ? { shards: "auto", shardCount: undefined }
        : { shards: listed ?? [0], shardCount: shardCount ?? listed?.length ?? 1 };
  }

  /**
   * Connects every shard; resolves once each has received READY (or resumed). Once `signal` aborts, the login
   * rejects with its reason at once and the client is destroyed (the sessions opened are ended): a READY or a
   * GET /gateway/bot that never comes does not hold up a stop.
   */
  async login(token: string, signal?: AbortSignal): Promise<void> {
    if (this.manager !== undefined) throw new Error("this gateway client has already logged in");
    const bare = token.replace(/^(Bot|Bearer)\s*/i, "");
    if (bare === "") throw new Error(invalidTokenMessage);
    this.settings.rest.setToken(bare);
    const { shards, shardCount } = this.options;
    const manager = new WebSocketManager({
      token: bare,
      intents: this.settings.intents,
      rest: this.settings.rest,
      shardIds: shards === "auto" ? null : [...shards],
      shardCount: shards === "auto" ? null : (shardCount ?? null),
      // What discord.js sent; only guilds' member lists depend on it, and the Guilds intent asks for none.
      largeThreshold: 50,
      buildStrategy: (built) => new StoppableShardingStrategy(built),
      retrieveSessionInfo: (shardId) => this.sessions.get(shardId) ?? null,
      updateSessionInfo: (shardId, session) => {
        if (session === null) this.sessions.delete(shardId);
        else this.sessions.set(shardId, session);
      },
    });
    this.manager = manager;
    this.listen(manager);
    const aborted = rejectOnAbort(signal);
    try {
      await Promise.race([
        aborted.promise,
        manager.fetchGatewayInformation().catch((error: unknown) => {
          throw isUnauthorized(error) ? new Error(invalidTokenMessage, { cause: error }) : error;
        }),
      ]);
      const shardIds = await manager.getShardIds();
      this.options = { shards: shardIds, shardCount: await manager.getShardCount() };
      for (const id of shardIds) {
        this.shardStates.set(id, {
          id,
          status: "connecting",
          pendingGuilds: new Set(),
          announced: false,
          guildTimer: undefined,
        });
      }
      // A shard's connect waits for its READY even once destroyed: the race is what lets go of it.
      await Promise.race([aborted.promise, manager.connect()]);
    } catch (error) {
      await this.destroy();
      throw error;
    } finally {
      aborted.dispose();
    }
  }

  /** True once every shard has been ready, until destroy() (as discord.js's Client#isReady). */
  isReady(): boolean {
    return this.everyShardReady && !this.destroyed;
  }

  /** Closes every shard (code 1000: Discord ends the sessions); no shard event follows. */
  async destroy(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const shard of this.shardStates.values()) clearTimeout(shard.guildTimer);
    await this.manager?.destroy({ reason: "the bot is stopping" });
  }

  private listen(manager: WebSocketManager): void {
    manager.on(WebSocketShardEvents.Ready, ({ data, shardId }) => {
      this.onReady(shardId, data);
    });
    manager.on(WebSocketShardEvents.Resumed, ({ shardId }) => {
      this.onResumed(shardId);
    });
    manager.on(WebSocketShardEvents.Dispatch, ({ data, shardId }) => {
      this.onDispatch(data, shardId);
    });
    manager.on(WebSocketShardEvents.Closed, ({ code, shardId }) => {
      this.onClosed(shardId, code);
    });
    // Also keeps @discordjs/ws's emitter from throwing an error nobody listens to.
    manager.on(WebSocketShardEvents.Error, ({ error, shardId }) => this.emit("shardError", error, shardId));
  }

  private onReady(shardId: number, data: GatewayReadyDispatchData): void {
    const shard = this.shardStates.get(shardId);
    if (shard === undefined) return;
    clearTimeout(shard.guildTimer);
    shard.pendingGuilds = new Set(data.guilds.map((guild) => guild.id));
    shard.announced = false;
    shard.status = "waiting-for-guilds";
    this.checkGuilds(shard);
  }

  /**
   * A resumed session goes on where it stopped: still waiting for guilds if it was (those Discord replayed
   * before RESUMED already counted), else ready again.
   */
  private onResumed(shardId: number): void {
    const shard = this.shardStates.get(shardId);
    if (shard === undefined) return;
    if (shard.pendingGuilds.size > 0 || !shard.announced) {
      shard.status = "waiting-for-guilds";
      this.checkGuilds(shard);
      return;
    }
    shard.status = "ready";
    this.checkEveryShardReady();
  }

  private onDispatch(payload: GatewayDispatchPayload, shardId: number): void {
    // The listener's argument types follow from the event name, which TypeScript cannot pair with the union.
    (this.ws as EventEmitter).emit(payload.t, payload.d, shardId);
    const shard = this.shardStates.get(shardId);
    if (shard === undefined || shard.status === "ready") return;
    // Also while resuming: Discord replays the events the session missed before it says RESUMED.
    if (payload.t === GatewayDispatchEvents.GuildCreate || payload.t === GatewayDispatchEvents.GuildDelete) {
      shard.pendingGuilds.delete(payload.d.id);
      if (shard.status === "waiting-for-guilds") this.checkGuilds(shard);
    }
  }

  /** Ready once no guild is pending; otherwise ready anyway after a quiet waitGuildTimeoutMs. */
  private checkGuilds(shard: ShardState): void {
    clearTimeout(shard.guildTimer);
    shard.guildTimer = undefined;
    if (shard.pendingGuilds.size === 0) {
      this.markReady(shard, undefined);
      return;
    }
    shard.guildTimer = setTimeout(() => {
      shard.guildTimer = undefined;
      const unavailableGuilds = shard.pendingGuilds;
      shard.pendingGuilds = new Set();
      this.markReady(shard, unavailableGuilds);
    }, this.settings.waitGuildTimeoutMs ?? defaultWaitGuildTimeoutMs);
    shard.guildTimer.unref();
  }

  private markReady(shard: ShardState, unavailableGuilds: ReadonlySet<string> | undefined): void {
    shard.status = "ready";
    shard.announced = true;
    this.emit("shardReady", shard.id, unavailableGuilds);
    this.checkEveryShardReady();
  }

  private checkEveryShardReady(): void {
    if (this.everyShardReady || this.destroyed) return;
    if ([...this.shardStates.values()].every((each) => each.status === "ready")) {
      this.everyShardReady = true;
      this.emit("clientReady", this);
    }
  }

  private onClosed(shardId: number, code: number): void {
    const shard = this.shardStates.get(shardId);
    if (shard === undefined || this.destroyed) return;
    clearTimeout(shard.guildTimer);
    shard.guildTimer = undefined;
    if (unrecoverableCloseCodes.has(code)) {
      shard.status = "disconnected";
      this.emit("shardDisconnect", { code }, shardId);
    } else {
      shard.status = "connecting";
      this.emit("shardReconnecting", shardId);
    }
  }
}

function isUnauthorized(error: unknown): boolean {
  return typeof error === "object" && error !== null && "status" in error && error.status === 401;
}
