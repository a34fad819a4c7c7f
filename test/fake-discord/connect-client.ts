import { Client, GatewayIntentBits, type ClientOptions } from "discord.js";
import type { FakeDiscord } from "../../fake-discord/index.js";

/**
 * A real discord.js Client logged in to the fake: REST pointed at `apiUrl` (the base without /v10),
 * Guilds intent only. No compression option is needed: discord.js asks for zlib-stream only when the
 * optional zlib-sync package is installed, and the fake's frames are plain JSON text either way.
 */
export async function connectClient(
  fake: FakeDiscord,
  options: Partial<ClientOptions> = {},
): Promise<Client<true>> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl }, ...options });
  const ready = new Promise<Client<true>>((resolve) => client.once("clientReady", resolve));
  await client.login(fake.botToken);
  return ready;
}
