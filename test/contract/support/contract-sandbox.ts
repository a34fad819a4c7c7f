// One sandbox per contract test file, on 127.0.0.1 with a manual clock, plus the real API client pointed at
// it. The client and the sandbox share the clock, so moving it moves both (rate-limit memory, token expiry,
// battle clocks, webhook retries).
import { ManualClock } from "../../../src/clock.js";
import { createPlatformHttp, type PlatformCredential, type PlatformHttp } from "../../../src/api/index.js";
import { buildSandbox, type Sandbox, type SandboxOptions } from "../../../sandbox/sandbox.js";
import type { Level, Shape, User } from "../../../sandbox/state.js";

export interface ContractWorld {
  readonly sandbox: Sandbox;
  readonly clock: ManualClock;
  /** The client under test, as the bot builds it (docs/architecture.md, "The platform API client"). */
  readonly http: PlatformHttp;
  /** Another client instance with its own rate-limit memory, like a second bot process. */
  createHttp(): PlatformHttp;
  /** A fresh API key of `level` for a seeded (or created) user; the sandbox answers it in `shape`. */
  credential(username: string, level: Level, shape?: Shape): PlatformCredential;
  user(username: string): User;
  /** How many `/v1` and `/api/v1` requests have reached the sandbox so far. */
  apiRequests(): number;
  close(): Promise<void>;
}

export const contractStart = Date.UTC(2026, 0, 1, 12);

export async function startContractSandbox(options: SandboxOptions = {}): Promise<ContractWorld> {
  const clock = new ManualClock(contractStart);
  const sandbox = await buildSandbox({ clock, ...options });
  const url = await sandbox.listen(0, "127.0.0.1");
  let apiRequests = 0;
  // Counted on the raw server, so a request the client never sent cannot be mistaken for one.
  sandbox.app.server.on("request", (request: { url?: string }) => {
    if (/^\/(api\/)?v1\//.test(request.url ?? "")) apiRequests += 1;
  });
  const createHttp = (): PlatformHttp =>
    createPlatformHttp({
      baseUrl: `${url}/v1`,
      webhooksBaseUrl: `${url}/api/v1`,
      timeoutMs: 5000,
      clock,
      sleep: () => Promise.resolve(),
    });
  const user = (username: string): User => {
    const found = [...sandbox.state.users.values()].find((candidate) => candidate.username === username);
    if (found === undefined) throw new Error(`no sandbox user ${username}`);
    return found;
  };
  return {
    sandbox,
    clock,
    http: createHttp(),
    createHttp,
    credential: (username, level, shape) => ({
      token: sandbox.control.createApiKey({ username, level, shape }).key,
    }),
    user,
    apiRequests: () => apiRequests,
    close: () => sandbox.close(),
  };
}

export function toIso(epochMilliseconds: number): string {
  return new Date(epochMilliseconds).toISOString();
}
