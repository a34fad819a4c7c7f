import { GatewayIntentBits } from "discord.js";

/** Gateway opcodes (docs: Topics, Opcodes and Status Codes — Gateway Opcodes). */
export const opcode = {
  dispatch: 0,
  heartbeat: 1,
  identify: 2,
  resume: 6,
  reconnect: 7,
  invalidSession: 9,
  hello: 10,
  heartbeatAck: 11,
} as const;

/** Gateway close codes (docs: Gateway Close Event Codes). */
export const closeCode = {
  unknownError: 4000,
  unknownOpcode: 4001,
  decodeError: 4002,
  notAuthenticated: 4003,
  authenticationFailed: 4004,
  alreadyAuthenticated: 4005,
  invalidShard: 4010,
  shardingRequired: 4011,
  invalidApiVersion: 4012,
} as const;

/** Intent bits the fake looks at (docs: Gateway Intents). */
export const intentBits = {
  guilds: 1 << 0,
  guildMembers: 1 << 1,
  guildMessages: GatewayIntentBits.GuildMessages,
  guildScheduledEvents: GatewayIntentBits.GuildScheduledEvents,
} as const;

export interface GatewayPayload {
  op: number;
  d?: unknown;
  s?: number | null;
  t?: string | null;
}
