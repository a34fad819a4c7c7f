// A fake Discord with the arena guild and three guild commands, answered by raw HTTP calls that stand in for
// the bot: the interaction's callback and its webhook (no gateway client is connected, so interactions wait
// for these calls).
import { afterAll, beforeAll, expect } from "vitest";
import type { ManualClock } from "../../src/clock.js";
import { createFakeDiscord, type FakeDiscord, type InteractionHandle } from "../../fake-discord/index.js";
import { createArenaGuild } from "./arena-guild.js";

export function useRawInteractions(clock: ManualClock) {
  const world = {} as { fake: FakeDiscord; guildId: string; channelId: string; userId: string };

  beforeAll(async () => {
    world.fake = await createFakeDiscord({ clock });
    Object.assign(world, createArenaGuild(world.fake));
    const { fake } = world;
    const response = await fetch(
      `${fake.apiUrl}/v10/applications/${fake.applicationId}/guilds/${world.guildId}/commands`,
      {
        method: "PUT",
        headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
        body: JSON.stringify([
          { name: "rank", description: "Your rank" },
          { name: "setup", description: "Admin", default_member_permissions: "32" },
          {
            name: "join",
            description: "Join",
            options: [{ type: 3, name: "id", description: "Battle", autocomplete: true }],
          },
        ]),
      },
    );
    expect(response.status).toBe(200);
  });

  afterAll(async () => {
    await world.fake.close();
  });

  /** `/<name>` run by the arena guild's member in its channel. */
  const run = (name = "rank"): InteractionHandle =>
    world.fake.runCommand({ guildId: world.guildId, channelId: world.channelId, userId: world.userId, name });

  /** POST /interactions/{id}/{token}/callback with `body`. */
  function callback(handle: InteractionHandle, body: unknown, query = ""): Promise<Response> {
    return fetch(`${world.fake.apiUrl}/v10/interactions/${handle.id}/${handle.token}/callback${query}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  /** A call to the interaction's webhook, `path` after its token. */
  function webhook(
    handle: InteractionHandle,
    path: string,
    method: string,
    body: unknown,
  ): Promise<Response> {
    const { fake } = world;
    return fetch(`${fake.apiUrl}/v10/webhooks/${fake.applicationId}/${handle.token}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  return { world, run, callback, webhook };
}
