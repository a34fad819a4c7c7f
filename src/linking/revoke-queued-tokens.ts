// Sending a queued token to its issuer's revocation endpoint (docs/architecture.md, "Linking"): the one path
// of every revocation, taken by the caller at once after its commit and by the revocation worker for what is
// left. The row goes once the issuer answered: 200, or a 4xx that says the token is invalid already; a 429, a
// 5xx, a network error or a time-out keep it, due again after a backoff. Logs never carry the token.
import { randomBytes } from "node:crypto";
import type { Config } from "../config.js";
import type { TokenEndpointOptions } from "../oauth/token-endpoint.js";
import { requestRevocation } from "../oauth/tokens.js";
import {
  claimDueTokenRevocations,
  finishTokenRevocation,
  rescheduleTokenRevocation,
  tokenToRevokeOf,
  type TokenIssuer,
  type TokenRevocation,
} from "../store/token-revocations.js";
import { discordTokenEndpoint, readLinkedRolesSettings } from "./linked-roles-settings.js";
import { platformTokenEndpoint, type LinkingDeps } from "./linking-deps.js";

/** How long one revocation may take; the member's answer waits for the first attempt. */
const revokeTimeoutMs = 5000;
/** Longer than a revocation can take, so a row is never sent twice at once. */
export const revocationLeaseMs = 60_000;
/** 30 s, doubling, at most an hour apart; given up after a day or so (the tokens expire meanwhile). */
const firstRetryMs = 30_000;
const maxRetryMs = 60 * 60_000;
const maxAttempts = 24;

export type RevocationResult = "revoked" | "refused" | "retry" | "given_up" | "unreadable" | "no_endpoint";

/**
 * The settings name both issuers' endpoints: the platform's OAuth client, and Discord's for the tokens of the
 * Linked Roles verification (none while Linked Roles is off), so no caller can leave one out.
 */
export type RevocationDeps = Pick<LinkingDeps, "db" | "secretBox" | "clock" | "logger"> & {
  readonly config: Pick<Config, "platform" | "discord">;
};

/**
 * Claims the rows just queued (unless the worker took them first) and sends each; `queued` is their ids, or
 * the one id a queueing returned (undefined when it queued nothing). Never throws: the caller's work is
 * committed already, so a database write that fails here (the claim, or finishing or rescheduling a row) is
 * logged and the row left to the revocation worker, its lease ending if it was claimed.
 */
export async function revokeQueuedTokens(
  deps: RevocationDeps,
  queued: readonly string[] | string | undefined,
): Promise<void> {
  const ids = queued === undefined ? [] : typeof queued === "string" ? [queued] : queued;
  if (ids.length === 0) return;
  const owner = `inline:${randomBytes(6).toString("hex")}`;
  let rows: TokenRevocation[];
  try {
    rows = await claimDueTokenRevocations(deps.db, deps.secretBox, {
      owner,
      now: deps.clock.now(),
      leaseMs: revocationLeaseMs,
      limit: ids.length,
      ids,
    });
  } catch (error) {
    logLeftToWorker(deps, { revocations: ids.length }, error);
    return;
  }
  for (const row of rows) {
    try {
      await revokeClaimedToken(deps, owner, row);
    } catch (error) {
      logLeftToWorker(deps, { guildId: row.guildId, userId: row.userId, cause: row.cause }, error);
    }
  }
}

/** The message only: a database error names no token (it is sealed there), and neither does this line. */
function logLeftToWorker(deps: RevocationDeps, who: Record<string, unknown>, error: unknown): void {
  deps.logger.warn(
    { ...who, err: error instanceof Error ? error.message : String(error) },
    "a revocation could not be tried at once; the revocation worker sends it",
  );
}

/**
 * Sends tokens to their issuer once, with nothing queued: for tokens the database could not take, since a
 * queue is a write too. Best effort (a revocation the issuer does not answer leaves them valid until they
 * expire); never throws. True when the issuer revoked them or said they were invalid already.
 */
export async function revokeUnqueued(
  deps: Pick<RevocationDeps, "config" | "logger">,
  dropped: {
    readonly issuer: TokenIssuer;
    readonly tokens: { readonly accessToken: string; readonly refreshToken?: string | undefined };
    /** Whose they were and why dropped, for the log. */
    readonly who: Readonly<Record<string, string | undefined>>;
  },
): Promise<boolean> {
  const endpoint = revocationEndpoint(deps.config, dropped.issuer);
  if (endpoint === undefined) return false;
  const outcome = await requestRevocation({
    ...endpoint,
    timeoutMs: Math.min(endpoint.timeoutMs ?? revokeTimeoutMs, revokeTimeoutMs),
    ...tokenToRevokeOf(dropped.tokens),
  });
  if (outcome.kind !== "failed") return true;
  deps.logger.warn(
    { ...dropped.who, issuer: dropped.issuer, err: outcome.detail },
    "tokens the database could not take were not revoked; they stay valid until they expire",
  );
  return false;
}

/** Sends one claimed row to its issuer and finishes or reschedules it. */
export async function revokeClaimedToken(
  deps: RevocationDeps,
  owner: string,
  row: TokenRevocation,
): Promise<RevocationResult> {
  const who = { guildId: row.guildId, userId: row.userId, cause: row.cause, issuer: row.issuer };
  const endpoint = revocationEndpoint(deps.config, row.issuer);
  if (row.token === undefined || endpoint === undefined) {
    deps.logger.warn(who, "a token queued for revocation cannot be sent; it stays valid until it expires");
    await finishTokenRevocation(deps.db, { id: row.id, owner });
    return row.token === undefined ? "unreadable" : "no_endpoint";
  }
  const outcome = await requestRevocation({
    ...endpoint,
    timeoutMs: Math.min(endpoint.timeoutMs ?? revokeTimeoutMs, revokeTimeoutMs),
    token: row.token.token,
    tokenTypeHint: row.token.tokenTypeHint,
  });
  if (outcome.kind === "revoked" || outcome.kind === "refused") {
    if (outcome.kind === "refused")
      deps.logger.info(
        { ...who, status: outcome.status },
        "the issuer refused a revocation: already invalid",
      );
    await finishTokenRevocation(deps.db, { id: row.id, owner });
    return outcome.kind;
  }
  return retryLater(deps, owner, row, who, outcome.detail);
}

async function retryLater(
  deps: RevocationDeps,
  owner: string,
  row: TokenRevocation,
  who: Record<string, string | undefined>,
  detail: string,
): Promise<RevocationResult> {
  const attempts = row.attempts + 1;
  const log = { ...who, attempts, err: detail };
  if (attempts >= maxAttempts) {
    deps.logger.error(log, "the revocation of a token the bot no longer uses was given up after retries");
    await finishTokenRevocation(deps.db, { id: row.id, owner });
    return "given_up";
  }
  const retryInMs = Math.min(maxRetryMs, firstRetryMs * 2 ** (attempts - 1));
  await rescheduleTokenRevocation(deps.db, {
    id: row.id,
    owner,
    nextAttemptAt: deps.clock.now() + retryInMs,
    error: detail,
  });
  deps.logger.warn(
    { ...log, retryInMs },
    `${row.issuer === "discord" ? "Discord" : "the platform"} did not confirm the revocation of tokens the bot no longer uses; it is tried again`,
  );
  return "retry";
}

/**
 * Where `issuer`'s tokens are revoked, as the settings name it: the platform's OAuth client, or Discord's for a
 * Linked Roles verification's tokens; undefined while that client is not set (nothing can send them).
 */
export function revocationEndpoint(
  config: Pick<Config, "platform" | "discord">,
  issuer: TokenIssuer,
): TokenEndpointOptions | undefined {
  if (issuer === "discord") {
    const linkedRoles = readLinkedRolesSettings(config);
    return linkedRoles === undefined ? undefined : discordTokenEndpoint(linkedRoles);
  }
  const { oauth, timeoutMs } = config.platform;
  return oauth === undefined ? undefined : platformTokenEndpoint({ oauth, timeoutMs });
}
