/** What rejectOnAbort returns: race `promise` against the work to cut short, then `dispose()`. */
export interface AbortRejection {
  /** Rejects with the signal's reason (an Error) once it aborts; never settles without a signal. */
  readonly promise: Promise<never>;
  /** Stops listening to the signal. */
  dispose(): void;
}

/** A rejection to race against work a signal may cut short, when the work itself takes no signal. */
export function rejectOnAbort(signal: AbortSignal | undefined): AbortRejection {
  if (signal === undefined) return { promise: new Promise<never>(() => undefined), dispose: () => undefined };
  let onAbort = (): void => undefined;
  const promise = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      const reason: unknown = signal.reason;
      reject(reason instanceof Error ? reason : new Error("aborted", { cause: reason }));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  // Rejected between two races, it must not count as unhandled: each race reads it anyway.
  promise.catch(() => undefined);
  return {
    promise,
    dispose: () => {
      signal.removeEventListener("abort", onAbort);
    },
  };
}
