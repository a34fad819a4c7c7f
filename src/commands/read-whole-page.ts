// A page of a platform list read whole (docs/platform-assumptions.md, "Query parameters"): a platform may
// serve fewer items a request than asked while saying more follow. The rest of the page is then asked for
// from where the answer stopped, so the page holds what it should and the next page, read at its own offset,
// starts where this one ends: no item is skipped, and ▶ is offered while the platform says more follow.

/** One answer of a list: its items, and whether more follow (undefined when it does not say). */
export interface ListAnswer<Item> {
  readonly items: readonly Item[];
  readonly hasMore: boolean | undefined;
}

/**
 * Reads `limit` items from `offset`, asking again from where each short answer stopped while the platform
 * says more follow. Answers the items read and what the last answer said of more. Each request that goes on
 * follows one that brought at least an item, so a page takes at most `limit` requests (one a page as a rule).
 */
export async function readWholePage<Item>(
  read: (window: { readonly limit: number; readonly offset: number }) => Promise<ListAnswer<Item>>,
  window: { readonly limit: number; readonly offset: number },
): Promise<ListAnswer<Item>> {
  const items: Item[] = [];
  let answer = await read(window);
  items.push(...answer.items);
  while (items.length < window.limit && answer.items.length > 0 && answer.hasMore === true) {
    answer = await read({ limit: window.limit - items.length, offset: window.offset + items.length });
    items.push(...answer.items);
  }
  return { items, hasMore: answer.hasMore };
}

/** Whether more follow an answer: its `hasMore`, else what its `total` says of the items up to it. */
export function readHasMore(
  answer: { readonly hasMore: boolean | undefined; readonly total: number | undefined },
  offset: number,
  count: number,
): boolean | undefined {
  if (answer.hasMore !== undefined) return answer.hasMore;
  return answer.total === undefined ? undefined : offset + count < answer.total;
}
