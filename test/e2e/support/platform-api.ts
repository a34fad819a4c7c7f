// The platform as a test's set-up reaches it: the sandbox's API called with a member's key, and the accounts
// the sandbox holds.
import type { User } from "../../../sandbox/state.js";
import type { EndToEnd } from "../harness.js";

export interface PlatformCall {
  /** By default a POST when there is a body and a GET when there is none. */
  readonly method?: "GET" | "POST";
  /** Sent as JSON. */
  readonly body?: unknown;
}

/** Calls `/v1<path>` of the sandbox's platform API with `key`, whatever it answers. */
export function callPlatformApi(
  world: EndToEnd,
  key: string,
  path: string,
  { method, body }: PlatformCall = {},
): Promise<Response> {
  return fetch(`${world.sandbox.url}/v1${path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A POST to `/v1<path>` with `key` that must succeed; resolves with the answer's JSON. */
export async function postToPlatform(
  world: EndToEnd,
  key: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await callPlatformApi(world, key, path, { method: "POST", body });
  if (!response.ok) throw new Error(`${path} answered ${String(response.status)}`);
  return response.json();
}

/** The sandbox's account of `username`, as its state holds it now. */
export function platformUser(world: EndToEnd, username: string): User {
  const user = [...world.sandbox.state.users.values()].find((candidate) => candidate.username === username);
  if (user === undefined) throw new Error(`no platform user ${username}`);
  return user;
}
