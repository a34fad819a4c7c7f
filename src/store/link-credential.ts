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

/** What a re-link replaces, for the caller to revoke: the credential undefined when it no longer opens. */
export interface ReplacedCredential {
  readonly credentialKind: "oauth" | "api_key";
  readonly credential: MemberCredential | undefined;
  /** The platform account the replaced link was to. */
  readonly platformUserId: string;
}

/**
 * Opens the credential a re-link is about to replace. A credential that no longer opens (its key left the key
 * ring) cannot be revoked, but must not stop the member linking again.
 */
export function openReplacedCredential(
  box: SecretBox,
  row: {
    readonly credential_kind: "oauth" | "api_key";
    readonly credential: string;
    readonly platform_user_id: string;
  },
  associatedData: string,
): ReplacedCredential {
  let credential: MemberCredential | undefined;
  try {
    credential = credentialSchema.parse(JSON.parse(box.open(row.credential, associatedData)));
  } catch {
    credential = undefined;
  }
  return { credentialKind: row.credential_kind, credential, platformUserId: row.platform_user_id };
}
