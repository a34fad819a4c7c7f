// The hourly prune of sign-ins (docs/architecture.md, "Linking"): expired states go, and the tokens a
// callback got for a sign-in nobody confirmed or cancelled are revoked at the platform, as Cancel revokes
// them, rather than left valid until they expire there. They are queued in the transaction that deletes the
// states, so neither a crash after it nor one token that fails to queue loses any (the prune is undone).
import { pruneOAuthStates } from "../store/oauth-state-removals.js";
import type { LinkingDeps } from "./linking-deps.js";
import { queueAllPendingTokens } from "./pending-credential.js";
import { revokeQueuedTokens } from "./revoke-queued-tokens.js";

/** Returns how many states were pruned; each revocation is best effort and never fails the prune. */
export async function pruneAbandonedSignIns(
  deps: Pick<LinkingDeps, "config" | "db" | "secretBox" | "clock" | "logger">,
): Promise<number> {
  const { pruned, revocations } = await deps.db.transaction().execute(async (trx) => {
    const states = await pruneOAuthStates(trx, deps.secretBox, deps.clock.now());
    return {
      pruned: states.pruned,
      revocations: await queueAllPendingTokens(trx, deps, states.abandonedCredentials),
    };
  });
  await revokeQueuedTokens(deps, revocations);
  return pruned;
}
