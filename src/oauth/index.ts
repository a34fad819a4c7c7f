// OAuth client helpers for account linking (docs/architecture.md, "Linking").
export { createAuthorizationRequest } from "./authorization-request.js";
export type { AuthorizationRequest, AuthorizationRequestOptions } from "./authorization-request.js";
export { exchangeAuthorizationCode, refreshAccessToken, requestRevocation, revokeToken } from "./tokens.js";
export type {
  CodeExchangeOptions,
  RefreshOptions,
  RevocationOutcome,
  RevokeOptions,
  TokenSet,
} from "./tokens.js";
export type { TokenEndpointOptions, TokenRequestFormat } from "./token-endpoint.js";
export { OAuthError } from "./errors.js";
