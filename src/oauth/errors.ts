// A refused or malformed token-endpoint answer. `code` is the RFC 6749 §5.2 error code when the server gave
// one (`invalid_grant` means the link needs re-authorisation, docs/architecture.md, "Linking"), otherwise one
// of ours:
// `invalid_response` (2xx that is not a usable token answer) or `server_error` (5xx / non-OAuth error).

export class OAuthError extends Error {
  override readonly name = "OAuthError";

  constructor(
    readonly code: string,
    readonly description: string | undefined,
    readonly status: number | undefined,
    /** A 429's wait in seconds, as the endpoint said it (its rate-limit header or Retry-After). */
    readonly retryAfter?: number | undefined,
  ) {
    super(`OAuth ${code}${description === undefined ? "" : `: ${description}`}`);
  }
}

/** Removes any secret the server may have echoed back (a code, a refresh token, the client secret). */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= 4) result = result.split(secret).join("[redacted]");
  }
  return result;
}
