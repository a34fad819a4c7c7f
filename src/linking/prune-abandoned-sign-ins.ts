// The hourly prune of sign-ins (docs/architecture.md, "Linking"): expired states go, and the tokens a
// callback got for a sign-in nobody confirmed or cancelled are revoked at the platform, as Cancel revokes
// them, rather than left valid until they expire there.
import { pruneOAuthStates } from "../store/oauth-states.js";
import type { LinkingDeps } from "./linking-deps.js";
import { readPendingCredential, revokePendingTokens } from "./pending-credential.js";

/** Returns how many states were pruned; each revocation is best effort and never fails the prune. */
export async function pruneAbandonedSignIns(
  deps: Pick<LinkingDeps, "config" | "db" | "secretBox" | "clock" | "logger">,
): Promise<number> {
  const { pruned, abandonedCredentials } = await pruneOAuthStates(deps.db, deps.secretBox, deps.clock.now());
  for (const credential of abandonedCredentials) {
    await revokePendingTokens(deps, readPendingCredential(credential));
  }
  return pruned;
}
