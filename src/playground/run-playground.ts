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
}

/** Starts everything, runs the lines of `input` one after another, and stops everything at the end. */
export async function runPlayground(options: RunPlaygroundOptions): Promise<void> {
  const output = createPlaygroundOutput(options.output, options.interactive);
  const print = (text: string): void => {
    output.print(text);
  };
  print("Starting the sandbox, the fake Discord and the bot…");
  const playground = await startPlayground(
    options.logDestination === undefined ? {} : { logDestination: options.logDestination },
  );
  const session = new PlaygroundSession(playground, output);
  const stopWatching = watchChannel(
    playground.discord,
    playground.channels.get("announcements") ?? "",
    (post) => {
      void session.announce(post, "announcements");
    },
  );
  print('Ready: server "Playground" with #general and #announcements; members alice, bob, admin. Type help.');
  const lines = createInterface({
    input: options.input,
    ...(options.interactive ? { output: options.output } : {}),
  });
  const prompt = (): void => {
    lines.setPrompt(`${session.currentMember}> `);
    lines.prompt();
  };
  try {
    if (options.interactive) prompt();
    for await (const line of lines) {
      if (!options.interactive && line.trim() !== "") print(`${session.currentMember}> ${line}`);
      if (!(await session.runLine(line))) break;
      if (options.interactive) prompt();
    }
  } finally {
    lines.close();
    stopWatching();
    await playground.close();
  }
}
