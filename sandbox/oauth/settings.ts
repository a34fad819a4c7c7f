/** Lifetimes in sandbox seconds (the spec does not give them; these are common defaults). */
export interface OAuthSettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  codeTtlSeconds: number;
}

export const defaultOAuthSettings: OAuthSettings = {
  accessTokenTtlSeconds: 3600,
  refreshTokenTtlSeconds: 30 * 24 * 3600,
  codeTtlSeconds: 600,
};
