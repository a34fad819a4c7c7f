import type { EndToEnd } from "../harness.js";

/** The API key the sandbox seeded for `username`; throws when it seeded none. */
export function keyOf(world: EndToEnd, username: string): string {
  const seeded = world.sandbox.keys.find((key) => key.username === username);
  if (seeded === undefined) throw new Error(`no seeded key for ${username}`);
  return seeded.key;
}
