import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import type { DestinationStream } from "pino";
import { createPlaygroundOutput } from "./playground-output.js";
import { PlaygroundSession } from "./playground-session.js";
import { startPlayground } from "./start-playground.js";
import { watchChannel } from "./watch-channel.js";

export interface RunPlaygroundOptions {
  readonly input: Readable;
  readonly output: Writable;
  /** Show a prompt and a spinner (a terminal); scripts echo each line instead, with no control characters. */
  readonly interactive: boolean;
  readonly logDestination?: DestinationStream;
  /** How the local Discord delivers interactions to the bot; the gateway unless `--http`. */
  readonly interactionsMode?: "gateway" | "http";
}

/** Starts everything, runs the lines of `input` one after another, and stops everything at the end. */
export async function runPlayground(options: RunPlaygroundOptions): Promise<void> {
  const output = createPlaygroundOutput(options.output, options.interactive);
  const print = (text: string): void => {
    output.print(text);
  };
  const overHttp = options.interactionsMode === "http";
  print(
    `Starting the sandbox, the fake Discord and the bot${overHttp ? " (interactions over HTTP at /interactions)" : ""}…`,
  );
  const playground = await startPlayground({
    ...(options.logDestination === undefined ? {} : { logDestination: options.logDestination }),
    ...(options.interactionsMode === undefined ? {} : { interactionsMode: options.interactionsMode }),
  });
  const session = new PlaygroundSession(playground, output);
  const lines = createInterface({
    input: options.input,
    ...(options.interactive ? { output: options.output } : {}),
  });
  const prompt = (preserveTyping = false): void => {
    lines.setPrompt(`${session.currentMember}> `);
    lines.prompt(preserveTyping);
  };
  let busy = false;
  const stopWatching = watchChannel(
    playground.discord,
    playground.guildId,
    playground.channels.get("announcements") ?? "",
    (post) => {
      // At an idle prompt, the post takes the prompt's line and the prompt (with what was typed) comes back.
      const atPrompt = options.interactive && !busy;
      if (atPrompt) options.output.write("\r\u001b[2K");
      void session.announce(post).then(() => {
        if (atPrompt && !busy) prompt(true);
      });
    },
  );
  print('Ready: server "Playground" with #general and #announcements; members alice, bob, admin. Type help.');
  try {
    if (options.interactive) prompt();
    for await (const line of lines) {
      if (!options.interactive && line.trim() !== "") print(`${session.currentMember}> ${line}`);
      busy = true;
      const goOn = await session.runLine(line);
      busy = false;
      if (!goOn) break;
      if (options.interactive) prompt();
    }
  } finally {
    lines.close();
    stopWatching();
    await playground.close();
  }
}
