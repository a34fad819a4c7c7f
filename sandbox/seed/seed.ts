// The sandbox's starting data: users of every tier, 36 problems, tournaments in every status, API keys
// and an OAuth client. Returns the plaintext keys (they are printed at start, never stored).
import { createApiKey } from "../core/api-keys.js";
import { registerClient, type RegisteredClient } from "../oauth/clients.js";
import type { Level, SandboxState, Shape, User } from "../state.js";
import type { KeySpec } from "./key-specs.js";
import { seedProblems } from "./problems.js";
import { seedTournaments } from "./tournaments.js";
import { seedUsers } from "./users.js";

export interface SeededKey {
  key: string;
  level: Level;
  shape: Shape | undefined;
  userId: string;
  username: string;
}

export interface OAuthClientSeed {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  redirectUris: string[];
}

/** Without SANDBOX_KEYS: an admin key for alice, write keys for bob and carol, a read key for dave. */
const defaultKeyLevels: readonly Level[] = ["admin", "write", "write", "read"];

export function seedState(
  state: SandboxState,
  now: number,
  options: { keys: readonly KeySpec[] | undefined; oauthClient: OAuthClientSeed },
): { keys: SeededKey[]; oauthClient: RegisteredClient } {
  state.problems.push(...seedProblems());
  const users = seedUsers(state, now);
  seedTournaments(state, users, now);
  const specs =
    options.keys ?? defaultKeyLevels.map((level) => ({ level, key: undefined, shape: undefined }));
  const keys = specs.map((spec, index) => seedKey(state, users[index % users.length], spec));
  const oauthClient = registerClient(state, {
    name: "Sandbox Discord bot",
    redirectUris: options.oauthClient.redirectUris,
    ...(options.oauthClient.clientId === undefined
      ? { clientId: "sandbox-bot" }
      : { clientId: options.oauthClient.clientId }),
    ...(options.oauthClient.clientSecret === undefined
      ? {}
      : { clientSecret: options.oauthClient.clientSecret }),
  });
  return { keys, oauthClient };
}

function seedKey(
  state: SandboxState,
  user: User | undefined,
  spec: Omit<KeySpec, "key"> & { key: string | undefined },
): SeededKey {
  if (user === undefined) throw new Error("no seeded user to own the key");
  const { key } = createApiKey(state, {
    userId: user.id,
    level: spec.level,
    key: spec.key,
    shape: spec.shape,
  });
  return { key, level: spec.level, shape: spec.shape, userId: user.id, username: user.username };
}
