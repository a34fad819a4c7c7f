import { isRecord } from "../validation/field-checks.js";
import type { GatewayPayload } from "./gateway-protocol.js";

export interface Identify {
  token: string;
  intents: number;
  /**
   * [shard_id, num_shards]; [0, 1] when left out (docs: Gateway, Identify Structure). Null when it is not
   * a pair of whole numbers, which the gateway refuses as an invalid shard.
   */
  shard: [number, number] | null;
}

export interface Resume {
  token: string;
  sessionId: string;
  sequence: number;
}

export function readIdentify(data: unknown): Identify | null {
  if (!isRecord(data) || typeof data.token !== "string" || typeof data.intents !== "number") return null;
  if (data.shard === undefined || data.shard === null)
    return { token: data.token, intents: data.intents, shard: [0, 1] };
  const shard: unknown[] = Array.isArray(data.shard) ? (data.shard as unknown[]) : [];
  const [shardId, shardCount] = shard;
  const pair =
    shard.length === 2 && Number.isInteger(shardId) && Number.isInteger(shardCount)
      ? ([shardId, shardCount] as [number, number])
      : null;
  return { token: data.token, intents: data.intents, shard: pair };
}

export function readResume(data: unknown): Resume | null {
  if (!isRecord(data) || typeof data.token !== "string" || typeof data.session_id !== "string") return null;
  return {
    token: data.token,
    sessionId: data.session_id,
    sequence: typeof data.seq === "number" ? data.seq : 0,
  };
}

/**
 * A frame as a gateway payload: JSON of an object with a whole-number `op`, else null, which the gateway
 * closes with 4002 Decode error (fake-discord/README.md, "The gateway").
 */
export function readGatewayPayload(text: string): GatewayPayload | null {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(payload) || !Number.isInteger(payload.op)) return null;
  return payload as unknown as GatewayPayload;
}
