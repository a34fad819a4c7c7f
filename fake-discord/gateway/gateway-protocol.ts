import { GatewayIntentBits } from "discord.js";

/** Gateway opcodes (docs: Topics, Opcodes and Status Codes — Gateway Opcodes). */
export const opcode = {
  dispatch: 0,
  heartbeat: 1,
  identify: 2,
  presenceUpdate: 3,
  voiceStateUpdate: 4,
  resume: 6,
  reconnect: 7,
  requestGuildMembers: 8,
  invalidSession: 9,
  hello: 10,
  heartbeatAck: 11,
  requestSoundboardSounds: 31,
} as const;

/**
 * The opcodes a client may send (docs: Gateway Opcodes, "Client Action" Send); any other closes the
 * connection with 4001 Unknown opcode (fake-discord/README.md, "The gateway").
 */
export const clientOpcodes: ReadonlySet<number> = new Set([
  opcode.heartbeat,
  opcode.identify,
  opcode.presenceUpdate,
  opcode.voiceStateUpdate,
  opcode.resume,
  opcode.requestGuildMembers,
  opcode.requestSoundboardSounds,
]);

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
  invalidIntents: 4013,
  disallowedIntents: 4014,
} as const;

/** Intent bits the fake looks at (docs: Gateway Intents). */
export const intentBits = {
  guilds: 1 << 0,
  guildMembers: 1 << 1,
  guildMessages: GatewayIntentBits.GuildMessages,
  guildScheduledEvents: GatewayIntentBits.GuildScheduledEvents,
} as const;

/** Every bit that is an intent: IDENTIFY with any other is closed with 4013 Invalid intent(s). */
export const knownIntentBits: number = Object.values(GatewayIntentBits)
  .filter((bit): bit is number => typeof bit === "number")
  .reduce((all, bit) => all | bit, 0);

/** The privileged intents, granted in the application's settings (docs: Gateway Intents, Privileged Intents). */
export const privilegedIntentBits = {
  GuildMembers: GatewayIntentBits.GuildMembers,
  GuildPresences: GatewayIntentBits.GuildPresences,
  MessageContent: GatewayIntentBits.MessageContent,
} as const;

export type PrivilegedIntent = keyof typeof privilegedIntentBits;

/**
 * Which close code IDENTIFY's intents earn, or null when they pass: 4013 for anything but a set of intent
 * bits, 4014 for a privileged intent the application was not granted (docs: Gateway Close Event Codes).
 */
export function refuseIntents(intents: number, granted: readonly PrivilegedIntent[]): number | null {
  if (!Number.isInteger(intents) || intents < 0 || (intents & ~knownIntentBits) !== 0)
    return closeCode.invalidIntents;
  const allowed = granted.reduce((all, name) => all | privilegedIntentBits[name], 0);
  const privileged = Object.values(privilegedIntentBits).reduce((all, bit) => all | bit, 0);
  return (intents & privileged & ~allowed) === 0 ? null : closeCode.disallowedIntents;
}

export interface GatewayPayload {
  op: number;
  d?: unknown;
  s?: number | null;
  t?: string | null;
}
