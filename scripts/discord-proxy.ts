// `npm run discord-proxy`: the shared Discord REST proxy every instance points DISCORD_REST_PROXY_URL at
// (docs/architecture.md, "Growing past one machine"). Listens on DISCORD_PROXY_HOST:DISCORD_PROXY_PORT
// (127.0.0.1:8080 by default) and sends to DISCORD_API_URL (Discord's own by default) with DISCORD_TOKEN's
// global limit, DISCORD_GLOBAL_RATE_LIMIT.
import { ConfigError, loadConfigFromProcess, type Config } from "../src/config.js";
import { exitUnlessRunArguments } from "../src/config/command-line.js";
import { createDiscordRestProxy } from "../src/discord/discord-rest-proxy.js";
import { createLogger } from "../src/logger.js";

function loadConfigOrExit(): Config {
  try {
    return loadConfigFromProcess("discord-proxy");
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\nSee .env.example for every setting.`);
    process.exit(1);
  }
}

exitUnlessRunArguments({
  command: "npm run discord-proxy",
  does:
    "Runs the shared Discord REST proxy every instance points DISCORD_REST_PROXY_URL at, on " +
    "DISCORD_PROXY_HOST:DISCORD_PROXY_PORT (127.0.0.1:8080 by default).",
});
const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel });
const { token, apiUrl, globalRequestsPerSecond } = config.discord;
const proxy = createDiscordRestProxy({
  token: token ?? "",
  upstreamApiUrl: apiUrl,
  globalRequestsPerSecond,
  logger,
});
const { host, port } = config.discordProxy;
proxy.server.listen(port, host, () => {
  logger.info(
    { url: `http://${host}:${port}`, globalRequestsPerSecond },
    "Discord REST proxy listening; set DISCORD_REST_PROXY_URL to this URL on every instance",
  );
});
proxy.server.on("error", (error) => {
  logger.fatal({ err: error }, "the Discord REST proxy could not listen");
  process.exit(1);
});

let stopping = false;
function stop(signal: string): void {
  if (stopping) process.exit(1);
  stopping = true;
  logger.info({ signal }, "Discord REST proxy stopping");
  void proxy.close().then(() => process.exit(0));
}
process.on("SIGTERM", () => {
  stop("SIGTERM");
});
process.on("SIGINT", () => {
  stop("SIGINT");
});
