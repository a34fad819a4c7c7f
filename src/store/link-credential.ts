// The credential a link keeps sealed, as member_links and personal_links both store it (docs/architecture.md,
// "Linking").
import { z } from "zod";

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
