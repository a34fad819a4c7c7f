import { isRecord } from "../validation/field-checks.js";

export interface Identify {
  token: string;
  intents: number;
  /** [shard_id, num_shards]; [0, 1] when left out (docs: Gateway, Identify Structure). */
  shard: [number, number];
}

export interface Resume {
  token: string;
  sessionId: string;
  sequence: number;
}

export function readIdentify(data: unknown): Identify | null {
  if (!isRecord(data) || typeof data.token !== "string" || typeof data.intents !== "number") return null;
  const shard: unknown[] = Array.isArray(data.shard) ? (data.shard as unknown[]) : [0, 1];
  const [shardId, shardCount] = shard;
  if (typeof shardId !== "number" || typeof shardCount !== "number") return null;
  return { token: data.token, intents: data.intents, shard: [shardId, shardCount] };
}

export function readResume(data: unknown): Resume | null {
  if (!isRecord(data) || typeof data.token !== "string" || typeof data.session_id !== "string") return null;
  return {
    token: data.token,
    sessionId: data.session_id,
    sequence: typeof data.seq === "number" ? data.seq : 0,
  };
}
