// The bot token's two REST clients as the bot builds them (src/discord/bot-rest-options.ts), for a test that
// needs their bounds; `close` stops the timers @discordjs/rest keeps, so the test's worker can go on.
import type { REST } from "@discordjs/rest";
import { createBotRestClients, type BotRestOptions } from "../../src/discord/bot-rest-options.js";

export interface OpenBotRestClients {
  readonly rest: REST;
  readonly restForCreates: REST;
  close(): void;
}

export function openBotRestClients(options: BotRestOptions, token: string): OpenBotRestClients {
  const clients = createBotRestClients(options, token);
  return {
    ...clients,
    close() {
      for (const client of [clients.rest, clients.restForCreates]) {
        client.clearHashSweeper();
        client.clearHandlerSweeper();
      }
    },
  };
}
