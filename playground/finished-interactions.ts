// Which interactions the bot is done with (told by buildBot's onInteractionFinished). Discord only shows
// replies and edits; the playground also wants to know when the bot stopped working, to stop its spinner
// and print the answer as it finally stands (a webhook test edits its reply several times).

const rememberedIds = 200;

export class FinishedInteractions {
  readonly #finished = new Set<string>();
  readonly #waiters = new Map<string, () => void>();

  /** The hook for buildBot: the bot finished handling this interaction. */
  readonly markFinished = (interactionId: string): void => {
    this.#finished.add(interactionId);
    // Bounded: a playground runs for hours; only the latest few are ever asked about.
    if (this.#finished.size > rememberedIds) {
      const [oldest] = this.#finished;
      if (oldest !== undefined) this.#finished.delete(oldest);
    }
    this.#waiters.get(interactionId)?.();
  };

  /** Resolves true once the bot is done with the interaction, false if `timeoutMs` passed first. */
  waitFor(interactionId: string, timeoutMs: number): Promise<boolean> {
    if (this.#finished.has(interactionId)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(interactionId);
        resolve(false);
      }, timeoutMs);
      this.#waiters.set(interactionId, () => {
        clearTimeout(timer);
        this.#waiters.delete(interactionId);
        resolve(true);
      });
    });
  }
}
