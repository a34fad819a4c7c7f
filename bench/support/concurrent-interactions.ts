// A crowd of members running one command at the same moment, timed by the fake Discord's own records: from the
// interaction's creation (before it is sent) to the initial response's arrival, both on the fake's clock.
import type { FakeDiscord, InteractionHandle, RunCommandInput } from "../../fake-discord/index.js";

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

/** A server with `size` members, each about to run a command. */
export function buildCrowd(discord: FakeDiscord, size: number): Crowd {
  const guildId = discord.createGuild({ name: "Arena" }).id;
  const channelId = discord.createChannel(guildId, { name: "general" }).id;
  const memberIds = Array.from(
    { length: size },
    (_, index) => discord.createMember(guildId, { username: `member${index + 1}` }).id,
  );
  return { guildId, channelId, memberIds };
}

/** `rounds` rounds of the whole crowd at once, each after the previous one's initial responses. */
export async function measureRounds(
  discord: FakeDiscord,
  crowd: Crowd,
  invocation: Invocation,
  rounds: number,
  options: { awaitFinal: boolean; settle?: (round: number) => Promise<void> },
): Promise<{ times: ResponseTimes; handles: InteractionHandle[] }> {
  const times: ResponseTimes[] = [];
  const handles: InteractionHandle[] = [];
  for (let round = 0; round < rounds; round++) {
    const batch = runAtOnce(discord, crowd, invocation);
    times.push(await readResponseTimes(batch));
    handles.push(...batch);
    // The next round starts on an idle bot, so the rounds do not pile up.
    if (options.awaitFinal) await Promise.allSettled(batch.map((handle) => handle.waitForFinal(10_000)));
    await options.settle?.(round);
  }
  return { times: joinResponseTimes(times), handles };
}
