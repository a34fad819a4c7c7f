// The baseline of bench/memory.ts: a plain discord.js Client with the bot's intent (Guilds), discord.js's
// default caching and the shard count Discord recommends, against DISCORD_API_URL.
import { Client, GatewayIntentBits } from "discord.js";
import { loadConfigFromProcess } from "../../src/config.js";

const { token, apiUrl } = loadConfigFromProcess("deploy-commands").discord;
const client = new Client({
  intents: [GatewayIntentBits.Guilds],
  shards: "auto",
  ...(apiUrl === undefined ? {} : { rest: { api: apiUrl } }),
});
await client.login(token);
