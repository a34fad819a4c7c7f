// A change of a channel's route (/subscribe, /unsubscribe) is a compare-and-set on the route as it was read
// (docs/architecture.md, "Routing"): one that another change came between reads the route again and retries.

/** How often a change reads the route again before giving up. */
const maxAttempts = 5;

/** Runs `attempt` until it answers (undefined: the route changed meanwhile), at most five times. */
export async function retryRouteChange<T>(
  command: string,
  attempt: () => Promise<T | undefined>,
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    const outcome = await attempt();
    if (outcome !== undefined) return outcome;
    if (tries >= maxAttempts)
      throw new Error(`the channel's route kept changing while ${command} changed it; nothing was changed`);
  }
}
