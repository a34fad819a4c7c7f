import { setTimeout as sleep } from "node:timers/promises";

/**
 * What `work` resolves to, or undefined once `budgetMs` has passed first (the work goes on: the caller decides
 * whether to wait for the rest). A rejection within the budget is thrown.
 */
export async function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T | undefined> {
  const late = new AbortController();
  const budget = sleep(budgetMs, undefined, { signal: late.signal }).then(
    () => undefined,
    () => undefined,
  );
  try {
    return await Promise.race([work, budget]);
  } finally {
    late.abort();
  }
}
