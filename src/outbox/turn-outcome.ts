// What became of the rows a channel's turn handled (deliver-turn.ts): a result for each, or one failure for
// Discord's error policy to apply to the rows it is for (apply-failure.ts), beside the results of any done.
import type { OutboxEntry } from "../store/outbox.js";
import type { DeliveryFailure } from "./classify-failure.js";
import { attemptDelivery, type DeliveryAttempt } from "./deliver-entry.js";
import type { OutboxDeps } from "./outbox-deps.js";
import type { OutboxResult } from "./outbox-result.js";

export type TurnOutcome =
  | { readonly ok: true; readonly results: readonly OutboxResult[] }
  | {
      readonly ok: false;
      readonly failure: DeliveryFailure;
      /** The rows the failure is for. */
      readonly entries: readonly OutboxEntry[];
      /** Rows already done (those of a summary's parts Discord made before it refused one). */
      readonly settled?: readonly OutboxResult[];
    };

/** One row sent as itself, as every row was before rows were combined. */
export async function deliverAlone(deps: OutboxDeps, entry: OutboxEntry): Promise<TurnOutcome> {
  return fromAttempt(entry, await attemptDelivery(deps, entry));
}

export function fromAttempt(entry: OutboxEntry, attempt: DeliveryAttempt): TurnOutcome {
  return attempt.ok
    ? { ok: true, results: [attempt.result] }
    : { ok: false, failure: attempt.failure, entries: [entry] };
}
