// The nonce of a message that carries several rows (docs/architecture.md, "Posting"). Discord returns the
// message an earlier create with the same nonce made (enforce_nonce), so the nonce must name exactly the rows
// the message carries: a hash of their ids, 22 characters like a row id (Discord allows 25).
import { createHash } from "node:crypto";

const groupIdLength = 22;

/** The same rows always give the same group id, whatever order they come in. */
export function nameOutboxGroup(ids: readonly string[]): string {
  const sorted = [...ids].sort();
  return createHash("sha256").update(sorted.join("\n")).digest("base64url").slice(0, groupIdLength);
}

/** A summary split across messages: the first carries the group id, the next ones `<group id>.1`, `.2`… */
export function nameMessageNonce(groupId: string, part: number): string {
  return part === 0 ? groupId : `${groupId}.${String(part)}`;
}

/** Messages one group may take: `.99` still fits in Discord's 25 characters. */
export const maxMessagesPerGroup = 99;
