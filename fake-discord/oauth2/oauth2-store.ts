import { createHash, randomBytes } from "node:crypto";
import type { Clock } from "../clock.js";
import type { AuthorizationRequest } from "./authorize-request.js";
import { OAuth2Error } from "./oauth2-error.js";

/** Discord's access tokens last a week: `expires_in: 604800` (docs: Topics, OAuth2 — Access Token Response). */
const defaultAccessTokenLifetimeMs = 604_800_000;
/** "A maximum authorization code lifetime of 10 minutes is RECOMMENDED" (RFC 6749 §4.1.2). */
const defaultCodeLifetimeMs = 10 * 60_000;

/** What a user approved for the application, with the token pair currently standing for it. */
export interface OAuth2Grant {
  userId: string;
  scopes: readonly string[];
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
  revoked: boolean;
}

interface IssuedCode {
  userId: string;
  request: AuthorizationRequest;
  expiresAt: number;
  /** Set once exchanged: a second exchange is refused and revokes this grant (RFC 6749 §4.1.2). */
  grant: OAuth2Grant | null;
}

/**
 * The application's OAuth2 for users (docs: Topics, OAuth2 — Authorization Code Grant): codes, token
 * pairs and revocation, timed by the fake's clock. Tokens are secrets: kept here, never logged.
 */
export class OAuth2Store {
  readonly redirectUris = new Set<string>();
  /** Users who added the app to their account (integration type 1, USER_INSTALL). */
  readonly userInstalls = new Set<string>();
  /** The user signed in to Discord in the browser, whom the consent page shows chosen; anyone when unset. */
  signedInUserId: string | undefined = undefined;
  private readonly codes = new Map<string, IssuedCode>();
  private readonly byAccessToken = new Map<string, OAuth2Grant>();
  private readonly byRefreshToken = new Map<string, OAuth2Grant>();

  constructor(
    private readonly clock: Clock,
    readonly clientSecret: string,
    readonly accessTokenLifetimeMs = defaultAccessTokenLifetimeMs,
    readonly codeLifetimeMs = defaultCodeLifetimeMs,
  ) {}

  /** The user approved the request on the consent page: a single-use code for the redirect. */
  issueCode(request: AuthorizationRequest, userId: string): string {
    const code = randomBytes(20).toString("base64url");
    this.codes.set(code, { userId, request, expiresAt: this.clock.now() + this.codeLifetimeMs, grant: null });
    return code;
  }

  /**
   * Exchanges a code: it must be unused, unexpired, sent with the redirect_uri it was issued for, and with
   * a `code_verifier` whose S256 hash is the `code_challenge` when one was given (RFC 7636 §4.6).
   */
  exchangeCode(code: string, redirectUri: string | undefined, codeVerifier: string | undefined): OAuth2Grant {
    const issued = this.codes.get(code);
    if (issued === undefined || this.clock.now() >= issued.expiresAt)
      throw new OAuth2Error("invalid_grant", 'Invalid "code" in request.');
    if (issued.grant !== null) {
      this.revokeGrant(issued.grant);
      throw new OAuth2Error("invalid_grant", 'Invalid "code" in request.');
    }
    if (redirectUri !== issued.request.redirectUri)
      throw new OAuth2Error("invalid_grant", 'Invalid "redirect_uri" in request.');
    const challenge = issued.request.codeChallenge;
    if (challenge !== null && (codeVerifier === undefined || hashVerifier(codeVerifier) !== challenge))
      throw new OAuth2Error("invalid_grant", 'Invalid "code_verifier" in request.');
    const grant: OAuth2Grant = {
      userId: issued.userId,
      scopes: issued.request.scopes,
      accessToken: "",
      refreshToken: "",
      accessExpiresAt: 0,
      revoked: false,
    };
    issued.grant = grant;
    this.issueTokens(grant);
    return grant;
  }

  /**
   * A new token pair for a refresh token. The old pair stops working at once: the strictest reading of
   * RFC 6749 §6, so a bot that keeps using a replaced token fails here rather than on Discord.
   */
  refresh(refreshToken: string): OAuth2Grant {
    const grant = this.byRefreshToken.get(refreshToken);
    if (grant === undefined || grant.revoked)
      throw new OAuth2Error("invalid_grant", 'Invalid "refresh_token" in request.');
    this.issueTokens(grant);
    return grant;
  }

  /** Revokes the grant behind an access or refresh token, both tokens at once; unknown tokens are ignored (RFC 7009 §2.2). */
  revoke(token: string): void {
    const grant = this.byAccessToken.get(token) ?? this.byRefreshToken.get(token);
    if (grant !== undefined) this.revokeGrant(grant);
  }

  /** How many grants the user holds that were never revoked (expired ones count: a refresh renews them). */
  unrevokedGrantsOf(userId: string): number {
    return [...this.byRefreshToken.values()].filter((grant) => grant.userId === userId && !grant.revoked)
      .length;
  }

  /** The grant an unexpired, unrevoked access token stands for. */
  findByAccessToken(token: string): OAuth2Grant | undefined {
    const grant = this.byAccessToken.get(token);
    if (grant === undefined || grant.revoked || this.clock.now() >= grant.accessExpiresAt) return undefined;
    return grant;
  }

  private issueTokens(grant: OAuth2Grant): void {
    this.byAccessToken.delete(grant.accessToken);
    this.byRefreshToken.delete(grant.refreshToken);
    grant.accessToken = randomBytes(22).toString("base64url");
    grant.refreshToken = randomBytes(22).toString("base64url");
    grant.accessExpiresAt = this.clock.now() + this.accessTokenLifetimeMs;
    this.byAccessToken.set(grant.accessToken, grant);
    this.byRefreshToken.set(grant.refreshToken, grant);
  }

  private revokeGrant(grant: OAuth2Grant): void {
    grant.revoked = true;
    this.byAccessToken.delete(grant.accessToken);
    this.byRefreshToken.delete(grant.refreshToken);
  }
}

/** BASE64URL(SHA256(code_verifier)), the S256 method (RFC 7636 §4.2). */
export function hashVerifier(codeVerifier: string): string {
  return createHash("sha256").update(codeVerifier).digest("base64url");
}
