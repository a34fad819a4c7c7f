// `npm run playground`: the whole stack, and the page that shows it like a Discord client, until Ctrl-C.
import type { DestinationStream } from "pino";
import { openInBrowser } from "../open-in-browser.js";
import { startPlayground, type Playground } from "../start-playground.js";
import { startWebServer, type WebServer } from "./start-web-server.js";

export interface WebPlaygroundOptions {
  readonly interactionsMode?: "gateway" | "http";
  readonly port?: number;
  readonly logDestination?: DestinationStream;
  /** `--open`: open the page's address in the default browser once it is ready. */
  readonly open?: boolean;
}

export interface RunningWebPlayground {
  readonly playground: Playground;
  readonly web: WebServer;
  close(): Promise<void>;
}

/** Starts the sandbox, the fake Discord, the bot and the page's server; `close` stops them all. */
export async function startWebPlayground(options: WebPlaygroundOptions = {}): Promise<RunningWebPlayground> {
  const playground = await startPlayground({
    ...(options.logDestination === undefined ? {} : { logDestination: options.logDestination }),
    ...(options.interactionsMode === undefined ? {} : { interactionsMode: options.interactionsMode }),
  });
  const web = await startWebServer(playground, options.port).catch(async (error: unknown) => {
    await playground.close();
    throw error;
  });
  return {
    playground,
    web,
    async close() {
      await web.close();
      await playground.close();
    },
  };
}

/** Runs the page until the process is told to stop (Ctrl-C). */
export async function runWebPlayground(
  options: WebPlaygroundOptions,
  print: (text: string) => void,
): Promise<void> {
  print("Starting the sandbox, the fake Discord, the bot and the page…");
  const running = await startWebPlayground(options);
  print(`Ready: open ${running.web.url} in a browser. Ctrl-C stops everything.`);
  if (options.open === true) void openInBrowser(running.web.url, print);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  print("Stopping…");
  await running.close();
}
