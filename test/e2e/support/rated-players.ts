// Players a test makes with the rating it needs: an account made through the sandbox's control API, with a
// write key, and a member of the world's guild of the same name.
import { expect } from "vitest";
import type { EndToEnd } from "../harness.js";

export interface Player {
  readonly username: string;
  readonly key: string;
  readonly userId: string;
}

export async function createRatedPlayer(world: EndToEnd, username: string, rating: number): Promise<Player> {
  const response = await fetch(`${world.sandbox.url}/sandbox/users`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, rating, keys: ["write"] }),
  });
  expect(response.status).toBe(201);
  const created = (await response.json()) as { keys: { key: string }[] };
  const member = world.discord.createMember(world.guildId, { username });
  return { username, key: created.keys[0]?.key ?? "", userId: member.id };
}
