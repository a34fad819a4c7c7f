// PKCE (RFC 7636): the challenge is checked at the token endpoint when the authorization request sent one.
import { createHash } from "node:crypto";

/** 43–128 characters from the unreserved set (RFC 7636 §4.1, §4.2). */
export const pkceValuePattern = /^[A-Za-z0-9\-._~]{43,128}$/;

export function verifierMatches(verifier: string, challenge: string, method: "S256" | "plain"): boolean {
  if (method === "plain") return verifier === challenge;
  return createHash("sha256").update(verifier, "ascii").digest("base64url") === challenge;
}
