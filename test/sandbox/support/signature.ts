import { createHmac, timingSafeEqual } from "node:crypto";

/** The receiver's side of the platform's API reference, › Signature, written independently of the sandbox's code. */
export function hasValidSignature(
  body: string,
  header: string | string[] | undefined,
  secret: string,
): boolean {
  if (typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", secret).update(body, "utf8").digest("hex");
  const given = header.slice("sha256=".length);
  return /^[0-9a-f]{64}$/.test(given) && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
