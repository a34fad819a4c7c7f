import { randomBytes } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import type { Logger } from "pino";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { shardForGuild } from "../snowflake.js";
import {
  clientOpcodes,
  closeCode,
  opcode,
  refuseIntents,
  type PrivilegedIntent,
} from "./gateway-protocol.js";
import { GatewaySession } from "./gateway-session.js";
import { readGatewayPayload, readIdentify, readResume } from "./read-gateway-payloads.js";
import { ReadyHolds, type ReadyHold } from "./ready-holds.js";
import { streamReady } from "./stream-ready.js";

export interface GatewayOptions {
  path: string;
  heartbeatIntervalMs: number;
  /** More guilds than this on one session closes it with 4011 Sharding required (Discord: 2,500). */
  maxGuildsPerSession: number;
  /** The privileged intents the application was granted; IDENTIFY asking for another is closed with 4014. */
  privilegedIntents: readonly PrivilegedIntent[];
  logger?: Logger;
}

/** Counters for tests: how the bot connected. */
export interface GatewayStats {
  /** WebSocket connections accepted on the gateway's path. */
  connections: number;
  identifies: number;
  /** IDENTIFYs closed with 4010 Invalid shard or 4011 Sharding required. */
  refusedShards: number;
  resumes: number;
  heartbeats: number;
}

/**
 * The JSON gateway (docs: Topics, Gateway): HELLO, IDENTIFY → READY + GUILD_CREATE per guild of the
 * shard, heartbeats, RESUME, and dispatches routed to the shard that owns a guild.
 */
export class GatewayServer {
  readonly stats: GatewayStats = {
    connections: 0,
    identifies: 0,
    refusedShards: 0,
    resumes: 0,
    heartbeats: 0,
  };
  private readonly sessions = new Map<string, GatewaySession>();
  private readonly sockets = new Set<WebSocket>();
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  private readonly readyHolds = new ReadyHolds();

  constructor(
    private readonly state: FakeDiscordState,
    private readonly options: GatewayOptions,
    private readonly resumeUrl: () => string,
  ) {}

  attach(server: Server): void {
    server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? "/", "http://fake-discord.invalid");
      if (url.pathname.replace(/\/$/, "") !== this.options.path) {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        this.accept(ws, url.searchParams);
      });
    });
  }

  /**
   * Sends a dispatch to the session serving the guild's shard (kept for RESUME when it is away).
   * `intent` limits it to sessions that asked for that intent; interactions need none.
   */
  dispatchToGuild(guildId: string, type: string, render: () => unknown, intent = 0): boolean {
    let data: unknown;
    let delivered = false;
    for (const session of this.sessions.values()) {
      if (!session.covers(guildId) || (session.intents & intent) !== intent) continue;
      // Rendered only when some session wants it: building 10,000 guilds before login costs nothing.
      data ??= render();
      void session.dispatch(type, data);
      delivered = true;
    }
    return delivered;
  }

  /**
   * Holds back READY for sessions of `shardIds` (every shard when left out) that IDENTIFY from now on, until
   * `release()`: the bot is left logging in, at a point a test can wait for.
   */
  holdReady(shardIds?: readonly number[]): ReadyHold {
    return this.readyHolds.hold(shardIds);
  }

  liveSessions(): readonly GatewaySession[] {
    return [...this.sessions.values()];
  }

  /** Asks every client to reconnect and resume (op 7), as Discord does during deploys. */
  requestReconnect(): void {
    for (const socket of this.sockets) socket.send(JSON.stringify({ op: opcode.reconnect, d: null }));
  }

  /** Closes every connection with a resumable code, as a network blip would. */
  dropConnections(code: number = closeCode.unknownError): void {
    for (const socket of this.sockets) socket.close(code, "fake Discord dropped the connection");
  }

  /** Forgets every session: a later RESUME gets INVALID_SESSION and the client identifies again. */
  invalidateSessions(): void {
    this.sessions.clear();
    for (const socket of this.sockets) socket.send(JSON.stringify({ op: opcode.invalidSession, d: false }));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    await new Promise<void>((resolve) => {
      this.wss.close(() => {
        resolve();
      });
    });
  }

  private accept(socket: WebSocket, query: URLSearchParams): void {
    this.sockets.add(socket);
    this.stats.connections += 1;
    if ((query.get("encoding") ?? "json") !== "json") {
      socket.close(closeCode.decodeError, "Only JSON encoding is supported by the fake Discord");
      return;
    }
    if ((query.get("v") ?? "10") !== "10") {
      socket.close(closeCode.invalidApiVersion, "Invalid API version");
      return;
    }
    let session: GatewaySession | null = null;
    socket.on("message", (raw: RawData) => {
      session = this.receive(socket, session, raw);
    });
    socket.on("close", (code) => {
      this.sockets.delete(socket);
      if (session === null) return;
      if (session.socket === socket) session.socket = null;
      // Closing with 1000/1001 ends the session; any other code leaves it resumable (docs: Gateway, Disconnecting).
      if (code === 1000 || code === 1001) this.sessions.delete(session.id);
    });
    socket.send(
      JSON.stringify({ op: opcode.hello, d: { heartbeat_interval: this.options.heartbeatIntervalMs } }),
    );
  }

  private receive(socket: WebSocket, session: GatewaySession | null, raw: RawData): GatewaySession | null {
    const payload = readGatewayPayload(rawToString(raw));
    if (payload === null) {
      socket.close(closeCode.decodeError, "Decode error");
      return session;
    }
    if (!clientOpcodes.has(payload.op)) {
      socket.close(closeCode.unknownOpcode, "Unknown opcode");
      return session;
    }
    switch (payload.op) {
      case opcode.heartbeat:
        this.stats.heartbeats += 1;
        socket.send(JSON.stringify({ op: opcode.heartbeatAck }));
        return session;
      case opcode.identify:
        if (session !== null) {
          socket.close(closeCode.alreadyAuthenticated, "Already authenticated");
          return session;
        }
        return this.identify(socket, payload.d);
      case opcode.resume:
        return this.resume(socket, payload.d);
      default:
        // Presence and voice state updates, member and soundboard requests: accepted once identified and
        // not acted on (fake-discord/README.md, "The gateway").
        if (session === null) socket.close(closeCode.notAuthenticated, "Not authenticated");
        return session;
    }
  }

  private identify(socket: WebSocket, data: unknown): GatewaySession | null {
    const identify = readIdentify(data);
    if (identify === null || !this.isBotToken(identify.token)) {
      socket.close(closeCode.authenticationFailed, "Authentication failed");
      return null;
    }
    const refusal = refuseIntents(identify.intents, this.options.privilegedIntents);
    if (refusal !== null) {
      const reason = refusal === closeCode.invalidIntents ? "Invalid intent(s)" : "Disallowed intent(s)";
      socket.close(refusal, reason);
      return null;
    }
    if (identify.shard === null || !isValidShard(identify.shard)) {
      this.stats.refusedShards += 1;
      socket.close(closeCode.invalidShard, "Invalid shard");
      return null;
    }
    const [shardId, shardCount] = identify.shard;
    if (this.countGuilds(shardId, shardCount) > this.options.maxGuildsPerSession) {
      this.stats.refusedShards += 1;
      socket.close(closeCode.shardingRequired, "Sharding required");
      return null;
    }
    // Discord keeps every connected session of a shard and dispatches to each (several bot instances on one
    // token). A session whose client is gone is dropped here, standing in for Discord expiring it.
    for (const [id, existing] of this.sessions) {
      const sameShard = existing.shardId === shardId && existing.shardCount === shardCount;
      if (sameShard && existing.socket === null) this.sessions.delete(id);
    }
    const session = new GatewaySession(
      randomBytes(16).toString("hex"),
      shardId,
      shardCount,
      identify.intents,
    );
    session.socket = socket;
    this.sessions.set(session.id, session);
    this.stats.identifies += 1;
    this.readyHolds.pass(shardId, () => {
      streamReady(this.state, session, this.resumeUrl()).catch((error: unknown) => {
        this.options.logger?.error({ err: error }, "fake gateway failed to stream READY");
      });
    });
    return session;
  }

  private resume(socket: WebSocket, data: unknown): GatewaySession | null {
    const resume = readResume(data);
    const session = resume === null ? undefined : this.sessions.get(resume.sessionId);
    const frames = resume === null || session === undefined ? null : session.framesAfter(resume.sequence);
    if (resume === null || session === undefined || frames === null || !this.isBotToken(resume.token)) {
      socket.send(JSON.stringify({ op: opcode.invalidSession, d: false }));
      return null;
    }
    session.socket?.close(closeCode.unknownError, "Session resumed elsewhere");
    session.socket = socket;
    this.stats.resumes += 1;
    for (const frame of frames) socket.send(frame);
    void session.dispatch("RESUMED", null);
    return session;
  }

  private countGuilds(shardId: number, shardCount: number): number {
    let count = 0;
    for (const guildId of this.state.world.guilds.keys())
      if (shardForGuild(guildId, shardCount) === shardId) count += 1;
    return count;
  }

  private isBotToken(token: string): boolean {
    return token === this.state.botToken || token === `Bot ${this.state.botToken}`;
  }
}

/** docs: Gateway, Sharding: shard_id is 0 ≤ id < num_shards. */
function isValidShard([shardId, shardCount]: readonly [number, number]): boolean {
  return shardCount >= 1 && shardId >= 0 && shardId < shardCount;
}

function rawToString(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString("utf8");
  return Buffer.from(raw as ArrayBuffer).toString("utf8");
}
