// Interaction load: one member runs the same command again and again, each time waiting for its final answer,
// until told to stop. Every answer is kept with when it was asked and answered.
import type { FakeDiscord } from "../../../fake-discord/index.js";

export interface CommandAnswer {
  /** Which of the test's members asked. */
  readonly member: number;
  readonly askedAt: number;
  readonly answeredAt: number;
  readonly content: string;
}

export interface RepeatedCommand {
  /** Ends the loop after the answer awaited now; resolves once it has ended. */
  stop(): Promise<void>;
  /** Rejects when an interaction went unanswered (the fake's wait timed out). */
  readonly running: Promise<void>;
}

export function repeatCommand(
  discord: FakeDiscord,
  member: {
    readonly index: number;
    readonly guildId: string;
    readonly channelId: string;
    readonly userId: string;
  },
  line: string,
  answers: CommandAnswer[],
): RepeatedCommand {
  // An object, so the compiler does not narrow the flag across the awaits.
  const control = { going: true };
  const running = (async () => {
    while (control.going) {
      const askedAt = Date.now();
      const { guildId, channelId, userId } = member;
      const reply = await discord.runCommandLine({ guildId, channelId, userId, line }).waitForFinal();
      answers.push({ member: member.index, askedAt, answeredAt: Date.now(), content: reply.content });
    }
  })();
  return {
    running,
    stop: () => {
      control.going = false;
      return running;
    },
  };
}
