import type { WebSocket } from "ws";
import { shardForGuild } from "../snowflake.js";
import { opcode } from "./gateway-protocol.js";

/** Dispatches kept for RESUME; a client gone longer than this must identify again. */
const backlogLimit = 2000;

/**
 * One identified gateway session: a shard of the bot, its sequence numbers and a backlog of recent
 * dispatches, so a client that reconnects with RESUME gets what it missed (docs: Gateway, Resuming).
 */
export class GatewaySession {
  sequence = 0;
  socket: WebSocket | null = null;
  private backlog: { sequence: number; frame: string }[] = [];

  constructor(
    readonly id: string,
    readonly shardId: number,
    readonly shardCount: number,
    readonly intents: number,
  ) {}

  covers(guildId: string): boolean {
    return shardForGuild(guildId, this.shardCount) === this.shardId;
  }

  /**
   * Sends (or keeps for a resume) one dispatch. With `awaitFlush` it returns a promise settled once the
   * frame is handed to the socket, for senders that must not outrun the client.
   */
  dispatch(type: string, data: unknown, awaitFlush = false): Promise<void> | undefined {
    this.sequence += 1;
    const frame = JSON.stringify({ op: opcode.dispatch, t: type, s: this.sequence, d: data });
    this.backlog.push({ sequence: this.sequence, frame });
    if (this.backlog.length > backlogLimit) this.backlog = this.backlog.slice(-backlogLimit / 2);
    return this.send(frame, awaitFlush);
  }

  /** The frames after `sequence`, or null when the backlog no longer reaches back that far. */
  framesAfter(sequence: number): string[] | null {
    const first = this.backlog[0];
    if (first !== undefined && first.sequence > sequence + 1) return null;
    return this.backlog.filter((entry) => entry.sequence > sequence).map((entry) => entry.frame);
  }

  private send(frame: string, awaitFlush: boolean): Promise<void> | undefined {
    const socket = this.socket;
    if (socket?.readyState !== 1) return undefined;
    if (!awaitFlush) {
      socket.send(frame);
      return undefined;
    }
    return new Promise((resolve) => {
      socket.send(frame, () => {
        resolve();
      });
    });
  }
}
