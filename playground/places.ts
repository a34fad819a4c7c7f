// Where a playground line can point: a channel by name (`general`, `#announcements`) or a thread by its handle
// from `threads` (`t1`), and how a post's place is named when it is printed.
import { setTimeout as sleep } from "node:timers/promises";
import { oneLine, threadHandle } from "./render-world.js";
import type { Playground } from "./start-playground.js";

export interface Place {
  readonly id: string;
  /** `#general`, or a thread's handle and name with the channel it is in. */
  readonly label: string;
}

const threadPollMs = 100;

export class Places {
  constructor(private readonly playground: Playground) {}

  channelIdOf(name: string): string {
    const id = this.playground.channels.get(name.replace(/^#/, ""));
    if (id === undefined)
      throw new Error(`No channel "${name}"; pick one of ${[...this.playground.channels.keys()].join(", ")}`);
    return id;
  }

  channelNameOf(channelId: string | null): string {
    return [...this.playground.channels].find(([, id]) => id === channelId)?.[0] ?? "unknown";
  }

  placeNamed(name: string): Place {
    const threadIndex = /^t(\d+)$/.exec(name);
    if (threadIndex === null) return { id: this.channelIdOf(name), label: `#${name.replace(/^#/, "")}` };
    const thread = this.playground.discord.threads.list(this.playground.guildId)[Number(threadIndex[1]) - 1];
    if (thread === undefined) throw new Error(`No thread ${name}; type threads to list them`);
    return this.placeOf(thread.id);
  }

  placeOf(channelId: string): Place {
    const threads = this.playground.discord.threads.list(this.playground.guildId);
    const index = threads.findIndex((thread) => thread.id === channelId);
    const thread = threads[index];
    if (thread === undefined) return { id: channelId, label: `#${this.channelNameOf(channelId)}` };
    const label = `🧵 ${threadHandle(index)} ${oneLine(thread.name)} (#${this.channelNameOf(thread.parentId)})`;
    return { id: channelId, label };
  }

  /** placeNamed, waiting for a thread the bot is about to start (`wait-post t1 …` right after a join). */
  async waitForPlace(name: string, timeoutMs: number): Promise<Place> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return this.placeNamed(name);
      } catch (error) {
        if (!/^t\d+$/.test(name) || Date.now() > deadline) throw error;
        await sleep(threadPollMs);
      }
    }
  }
}
