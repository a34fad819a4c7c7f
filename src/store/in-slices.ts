// Statements over as many ids or rows as a caller has, a bounded slice at a time, so that no statement binds
// more parameters than either database allows (SQLite 32,766, PostgreSQL 65,535).

/** Ids one `in (…)` list binds at most. */
export const idsPerQuery = 1000;

/**
 * `run` over each slice of at most `size` items, one slice after another in order, with what each answered
 * joined in that order; no call for no items.
 */
export async function inSlices<T, R>(
  items: readonly T[],
  size: number,
  run: (slice: T[]) => Promise<readonly R[]>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    // One at a time: spread as arguments, a large slice's answer would overflow the call stack.
    for (const result of await run(items.slice(start, start + size))) results.push(result);
  }
  return results;
}
