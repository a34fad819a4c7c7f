/** Milliseconds since the Unix epoch; the bot's own clock has the same shape, so one clock can drive both. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
