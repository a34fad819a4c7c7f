// API keys ("Settings, API Keys" in the spec) with a permission level; only their hash is kept.
import { hashSecret, newId, newSecret } from "../ids.js";
import type { ApiKey, Level, SandboxState, Shape } from "../state.js";

export interface NewApiKey {
  userId: string;
  level: Level;
  /** The key itself; generated when absent. */
  key?: string | undefined;
  shape?: Shape | undefined;
  /** Requests per window for this key; the sandbox setting when absent. */
  rateLimit?: number | undefined;
}

/** Stores the key's hash and returns the key, the only time it is seen. */
export function createApiKey(state: SandboxState, input: NewApiKey): { id: string; key: string } {
  const key = input.key ?? newSecret(`sk_${input.level}`);
  const record: ApiKey = {
    id: newId("key"),
    keyHash: hashSecret(key),
    userId: input.userId,
    level: input.level,
    shape: input.shape,
    rateLimit: input.rateLimit,
  };
  state.apiKeys.set(record.id, record);
  return { id: record.id, key };
}
