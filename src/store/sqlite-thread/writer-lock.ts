/**
 * Lets one user at a time have SQLite's writer connection for a transaction or a single write; batches, each
 * a whole transaction run by the thread in the order sent, share it with each other (a transaction's statements
 * must not interleave with them, they never interleave with one another). Both are served in the order asked,
 * so a transaction waits only for the batches sent before it.
 */
export class WriterLock {
  #held = false;
  #sharedBy = 0;
  readonly #waiting: { readonly shared: boolean; readonly grant: () => void }[] = [];

  acquire(): Promise<void> {
    if (!this.#held && this.#sharedBy === 0 && this.#waiting.length === 0) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((grant) => this.#waiting.push({ shared: false, grant }));
  }

  /** Hands the writer to the next in line, in the order they asked. */
  release(): void {
    this.#held = false;
    this.#grantWaiting();
  }

  async holding<T>(run: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await run();
    } finally {
      this.release();
    }
  }

  /** `run` beside the other batches in flight, after the transaction or write holding the writer, if any. */
  async sharing<T>(run: () => Promise<T>): Promise<T> {
    if (!this.#held && this.#waiting.length === 0) this.#sharedBy += 1;
    else await new Promise<void>((grant) => this.#waiting.push({ shared: true, grant }));
    try {
      return await run();
    } finally {
      this.#sharedBy -= 1;
      this.#grantWaiting();
    }
  }

  #grantWaiting(): void {
    for (let next = this.#waiting[0]; next !== undefined && !this.#held; next = this.#waiting[0]) {
      if (next.shared) this.#sharedBy += 1;
      else if (this.#sharedBy === 0) this.#held = true;
      else return;
      this.#waiting.shift();
      next.grant();
    }
  }
}
