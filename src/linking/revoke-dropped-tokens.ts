// Tokens the bot stops using (an unlinked credential, a re-link's old one, a refresh that finished too late to
// be stored, a sign-in nobody finished, a Linked Roles consent without its scope) are revoked at their issuer
// rather than left valid until they expire there (docs/architecture.md, "Linking"). Durable: each is queued,
// sealed, in the transaction that drops it where there is one, and tried at once after the commit; what the
// issuer does not answer stays queued for the revocation worker (token-revocation-worker.ts), so neither a
// crash after the commit nor an outage leaves it valid; when the database cannot take the queue's row, they
// are sent once, unqueued. Never stops what the member did.
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import { queueTokenRevocation, tokenToRevokeOf, type TokenIssuer } from "../store/token-revocations.js";
import type { LinkingDeps } from "./linking-deps.js";
import {
  revocationEndpoint,
  revokeQueuedTokens,
  revokeUnqueued,
  type RevocationDeps,
} from "./revoke-queued-tokens.js";

export type DroppedTokensCause =
  | "unlinked"
  | "relinked"
  | "late_refresh"
  | "sign_in"
  | "missing_scope"
  | "abandoned_verification"
  | "verification_failed";

export interface DroppedTokens {
  readonly issuer?: TokenIssuer;
  /** Whose they were, for the log; a sign-in's may name nobody yet. */
  readonly guildId: string | undefined;
  readonly userId: string | undefined;
  readonly tokens: { readonly accessToken: string; readonly refreshToken?: string | undefined };
  readonly cause: DroppedTokensCause;
}

type QueueDeps = Pick<LinkingDeps, "secretBox" | "clock" | "config">;

/**
 * Queues the tokens in `db` (the transaction that drops them); returns the row to try once committed, or
 * undefined when their issuer's client is not set (platform OAuth off, or Linked Roles off for Discord's):
 * there is nowhere to send them.
 */
export async function queueDroppedTokens(
  db: Kysely<Database>,
  deps: QueueDeps,
  dropped: DroppedTokens,
): Promise<string | undefined> {
  const issuer = dropped.issuer ?? "platform";
  if (revocationEndpoint(deps.config, issuer) === undefined) return undefined;
  return queueTokenRevocation(db, deps.secretBox, {
    issuer,
    ...tokenToRevokeOf(dropped.tokens),
    guildId: dropped.guildId,
    userId: dropped.userId,
    cause: dropped.cause,
    now: deps.clock.now(),
  });
}

/** Queues the tokens outside any transaction (nothing else is written with them) and tries them at once. */
export async function revokeDroppedTokens(
  deps: RevocationDeps & QueueDeps,
  dropped: DroppedTokens,
): Promise<void> {
  let id: string | undefined;
  try {
    id = await queueDroppedTokens(deps.db, deps, dropped);
  } catch (error) {
    // The database cannot take the queue's row either: they are sent once now rather than left valid.
    await revokeUnqueued(deps, {
      issuer: dropped.issuer ?? "platform",
      tokens: dropped.tokens,
      who: whoOf(dropped),
    });
    throw error;
  }
  await revokeQueuedTokens(deps, id);
}

function whoOf(dropped: DroppedTokens): Record<string, string | undefined> {
  return { guildId: dropped.guildId, userId: dropped.userId, cause: dropped.cause };
}
