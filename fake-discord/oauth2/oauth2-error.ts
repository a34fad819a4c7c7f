/** The `error` values of an OAuth2 error answer (RFC 6749 §4.1.2.1 and §5.2, which Discord's OAuth2 follows). */
export type OAuth2ErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "invalid_scope"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "access_denied";

/**
 * Thrown by the token and revocation routes: answered as `{ error, error_description }` rather than
 * Discord's `{ message, code }`, as the OAuth2 topic's token exchange does. `invalid_client` is a 401.
 */
export class OAuth2Error extends Error {
  readonly status: number;

  constructor(
    readonly error: OAuth2ErrorCode,
    readonly description: string,
    /** For a refused authorize request: where the user is sent back, `error` and `state` in its query. */
    readonly redirect: string | null = null,
  ) {
    super(`${error}: ${description}`);
    this.name = "OAuth2Error";
    this.status = error === "invalid_client" ? 401 : 400;
  }

  toBody(): { error: OAuth2ErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

/** An authorize request the fake cannot redirect back from: unknown client_id or unregistered redirect_uri. */
export class AuthorizeRequestError extends Error {
  override readonly name = "AuthorizeRequestError";
}
