// The credential a link keeps sealed, as member_links and personal_links both store it (docs/architecture.md,
// "Linking").
import { z } from "zod";
import type { SecretBox } from "../secrets/secret-box.js";

export interface MemberCredential {
  readonly accessToken: string;
  readonly refreshToken?: string | undefined;
  /** Access token expiry, ms since the epoch. */
  readonly expiresAt?: number | undefined;
  readonly scopes?: readonly string[] | undefined;
}

export const credentialSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string().optional(),
  expiresAt: z.number().optional(),
  scopes: z.array(z.string()).optional(),
});

/**
 * The columns a link keeps of its credential: the credential sealed under `associatedData`, and beside it, in
 * the clear, the scopes granted and when the access token expires (what needs no secret to read).
 */
export function credentialColumns(box: SecretBox, associatedData: string, credential: MemberCredential) {
  return {
    credential: box.seal(JSON.stringify(credential), associatedData),
    scopes: credential.scopes?.join(" ") ?? null,
    expires_at: credential.expiresAt ?? null,
  };
}
