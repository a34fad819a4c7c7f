import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether an Authorization header carries `Bearer <expected>`. Both sides are hashed first, so the comparison
 * takes the same time whatever the length or content of a wrong token.
 */
export function isBearerToken(header: string | undefined, expected: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  const given = match?.[1];
  if (given === undefined) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}
