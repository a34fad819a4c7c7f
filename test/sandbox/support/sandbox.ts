// Starts a sandbox on 127.0.0.1 (port 0) with a manual clock, and calls it over real HTTP with fetch.
import { ManualClock } from "../../../src/clock.js";
import { buildSandbox, type Sandbox, type SandboxOptions } from "../../../sandbox/sandbox.js";

export interface TestSandbox {
  sandbox: Sandbox;
  clock: ManualClock;
  url: string;
  /** The seeded key of a level (first of it), or of a username. */
  key(levelOrUsername: string): string;
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Parsed JSON as JSON.parse types it: the tests' assertions are what check its shape. */
export type JsonAnswer = ReturnType<typeof JSON.parse>;

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: JsonAnswer;
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
  const sandbox = await buildSandbox({ clock, ...options });
  const url = await sandbox.listen(0, "127.0.0.1");
  return {
    sandbox,
    clock,
    url,
    key: (wanted) => {
      const found = sandbox.keys.find((key) => key.level === wanted || key.username === wanted);
      if (found === undefined) throw new Error(`no seeded key for ${wanted}`);
      return found.key;
    },
    call: (method, path, callOptions = {}) => call(url, method, path, callOptions),
    close: () => sandbox.close(),
  };
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    redirect: "manual",
  });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("json") ?? false;
  return {
    status: response.status,
    headers: response.headers,
    body: isJson && text !== "" ? JSON.parse(text) : text,
  };
}

/** Creates a user with a key of the given level through the control route. */
export async function createUserWithKey(
  test: TestSandbox,
  username: string,
  level: "read" | "write" | "admin" = "write",
  rating?: number,
): Promise<{ id: string; key: string }> {
  const response = await test.call("POST", "/sandbox/users", {
    body: { username, keys: [level], ...(rating === undefined ? {} : { rating }) },
  });
  if (response.status !== 201)
    throw new Error(`creating ${username} failed: ${JSON.stringify(response.body)}`);
  return { id: response.body.user.id, key: response.body.keys[0].key };
}
