import { createHash, randomBytes } from "node:crypto";

/** Identifiers look like the spec's examples: a kind prefix, an underscore, a suffix. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString("hex")}`;
}

/** A random secret (API key, token, code) with a recognisable prefix. */
export function newSecret(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString("base64url")}`;
}

/** Keys, tokens and codes are looked up by this hash; the plaintext is never kept. */
export function hashSecret(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}
