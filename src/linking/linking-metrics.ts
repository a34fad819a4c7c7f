// What account linking counts, shaped for Prometheus (the prom-client counter is wired in src/bot/):
// e.g. arena_oauth_refresh_failures_total{reason}.
import type { OAuthError } from "../oauth/errors.js";

/**
 * Why a token refresh failed on the bot's side. The token endpoint's own error code is kept when it is one the
 * bot expects, so the label's values stay few whatever the server answers.
 */
export type RefreshFailureReason =
  | "invalid_client"
  | "unauthorized_client"
  | "server_error"
  | "invalid_response"
  | "insecure_endpoint"
  | "other_oauth_error"
  /** No answer: a time-out or a network failure. */
  | "unreachable";

const knownCodes: ReadonlySet<string> = new Set([
  "invalid_client",
  "unauthorized_client",
  "server_error",
  "invalid_response",
  "insecure_endpoint",
]);

export interface LinkingMetrics {
  /** A refresh failed for a reason that is not the member's (anything but `invalid_grant`). */
  refreshFailed(reason: RefreshFailureReason): void;
}

export function refreshFailureReason(error: OAuthError): RefreshFailureReason {
  return knownCodes.has(error.code) ? (error.code as RefreshFailureReason) : "other_oauth_error";
}

/** For code and tests that count nothing. */
export const noLinkingMetrics: LinkingMetrics = {
  refreshFailed: () => undefined,
};
