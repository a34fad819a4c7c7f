import type { StoredMessage } from "./message-types.js";

/** Where a page of Get Channel Messages starts: one message id and its side, or the channel's newest. */
export interface MessageAnchor {
  readonly side: "around" | "before" | "after";
  readonly id: bigint;
}

/**
 * One anchor of the three a request may send: they are mutually exclusive and Discord uses only one, so the
 * fake takes `around`, else `after`, else `before` (fake-discord/README.md, "Channel messages").
 */
export function pickMessageAnchor(query: {
  around: bigint | undefined;
  before: bigint | undefined;
  after: bigint | undefined;
}): MessageAnchor | null {
  if (query.around !== undefined) return { side: "around", id: query.around };
  if (query.after !== undefined) return { side: "after", id: query.after };
  if (query.before !== undefined) return { side: "before", id: query.before };
  return null;
}

/**
 * A page of `limit` messages from a channel's messages (oldest first), newest first as Discord answers:
 * the newest ones, those just before or just after the anchor, or those around it (the anchor itself,
 * then as many on each side, the older side taking the odd one).
 */
export function pickMessagePage(
  oldestFirst: readonly StoredMessage[],
  anchor: MessageAnchor | null,
  limit: number,
): StoredMessage[] {
  const lastOf = (list: readonly StoredMessage[], count: number) =>
    list.slice(Math.max(0, list.length - count));
  if (anchor === null) return lastOf(oldestFirst, limit).reverse();
  const older = oldestFirst.filter((message) => BigInt(message.id) < anchor.id);
  const newer = oldestFirst.filter((message) => BigInt(message.id) > anchor.id);
  if (anchor.side === "before") return lastOf(older, limit).reverse();
  if (anchor.side === "after") return newer.slice(0, limit).reverse();
  const itself = oldestFirst.filter((message) => BigInt(message.id) === anchor.id);
  const newerCount = Math.floor((limit - itself.length) / 2);
  const olderCount = limit - itself.length - newerCount;
  return [...lastOf(older, olderCount), ...itself, ...newer.slice(0, newerCount)].reverse();
}
