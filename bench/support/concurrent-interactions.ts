// A crowd of members running one command at the same moment, timed by the fake Discord's own records: from the
// interaction's creation (before it is sent) to the initial response's arrival, both on the fake's clock.
import type { FakeDiscord, InteractionHandle, RunCommandInput } from "../../src/fake-discord/index.js";

export interface Crowd {
  readonly guildId: string;
  readonly channelId: string;
  readonly memberIds: readonly string[];
}

export type Invocation = Pick<RunCommandInput, "name" | "subcommand" | "options">;

export interface ResponseTimes {
  readonly latenciesMs: number[];
  /** Expired unanswered, or answered with something the fake refused. */
  readonly unanswered: number;
}

/** Every member runs the command in one synchronous loop: the fake creates and sends them all at once. */
export function runAtOnce(discord: FakeDiscord, crowd: Crowd, invocation: Invocation): InteractionHandle[] {
  return crowd.memberIds.map((userId) =>
    discord.runCommand({ guildId: crowd.guildId, channelId: crowd.channelId, userId, ...invocation }),
  );
}

/** Waits until each interaction has its initial response or is past its deadline, then reads the times. */
export async function readResponseTimes(handles: readonly InteractionHandle[]): Promise<ResponseTimes> {
  // Discord's 3 s and a little: by then every interaction is either answered or expired.
  await Promise.allSettled(handles.map((handle) => handle.response(4000)));
  const latenciesMs: number[] = [];
  let unanswered = 0;
  for (const { record } of handles) {
    if (record.callback === null) unanswered += 1;
    else latenciesMs.push(record.callback.receivedAt - record.createdAt);
  }
  return { latenciesMs, unanswered };
}

export function joinResponseTimes(rounds: readonly ResponseTimes[]): ResponseTimes {
  return {
    latenciesMs: rounds.flatMap((round) => round.latenciesMs),
    unanswered: rounds.reduce((sum, round) => sum + round.unanswered, 0),
  };
}
