// Discord signs every interaction it POSTs (docs: Interactions, Receiving an Interaction — Security and
// Authorization): Ed25519 over `X-Signature-Timestamp` + the raw body, checked with the application's key.
import { createPublicKey, verify, type KeyObject } from "node:crypto";

const publicKeyPattern = /^[0-9a-f]{64}$/i;
const signaturePattern = /^[0-9a-f]{128}$/i;

/** Builds the key once from DISCORD_PUBLIC_KEY, the 32 raw bytes in hex as the developer portal shows them. */
export function readInteractionPublicKey(hex: string): KeyObject {
  if (!publicKeyPattern.test(hex)) throw new Error("DISCORD_PUBLIC_KEY must be 64 hex characters");
  return createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(hex, "hex").toString("base64url") },
    format: "jwk",
  });
}

export interface SignedInteraction {
  readonly signature: string | undefined;
  readonly timestamp: string | undefined;
  readonly rawBody: Buffer;
}

/** True only when the signature is Discord's over these exact bytes; a missing or malformed header is false. */
export function verifyInteractionSignature(key: KeyObject, request: SignedInteraction): boolean {
  const { signature, timestamp, rawBody } = request;
  if (signature === undefined || timestamp === undefined || !signaturePattern.test(signature)) return false;
  const signed = Buffer.concat([Buffer.from(timestamp, "utf8"), rawBody]);
  return verify(null, signed, key, Buffer.from(signature, "hex"));
}

/**
 * How far `X-Signature-Timestamp` may be from this instance's clock. Discord signs the time it sends, so a
 * captured request replayed later (which would run its command again) is refused; the margin allows for clock
 * skew between Discord and this host.
 */
export const signatureMaxAgeSeconds = 5 * 60;

/** True when the signed timestamp (Unix seconds) is within `signatureMaxAgeSeconds` of `nowMs`. */
export function isFreshTimestamp(timestamp: string | undefined, nowMs: number): boolean {
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= signatureMaxAgeSeconds;
}
