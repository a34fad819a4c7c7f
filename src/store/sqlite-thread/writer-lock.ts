/** Lets one user at a time have SQLite's writer connection: a transaction, or a single write. */
export class WriterLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the writer to the next in line, in the order they asked. */
  release(): void {
    const next = this.#waiting.shift();
    if (next === undefined) this.#held = false;
    else next();
  }

  async holding<T>(run: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await run();
    } finally {
      this.release();
    }
  }
}
