// The hourly prune of Linked Roles verifications nobody finished (docs/architecture.md, "Linked Roles"): the
// Discord token a verification stored for a member with no link waits for the platform sign-in it started;
// once that sign-in has expired unfinished, the token goes, and is revoked at Discord, as every token the bot
// stops using is (revoke-dropped-tokens.ts).
import { deleteAbandonedRoleConnections } from "../store/role-connections.js";
import { oauthStateLifetimeMs, type LinkingDeps } from "./linking-deps.js";
import { queueDroppedTokens } from "./revoke-dropped-tokens.js";
import { revokeQueuedTokens } from "./revoke-queued-tokens.js";

/** Returns how many tokens went. */
export async function pruneAbandonedVerifications(
  deps: Pick<LinkingDeps, "config" | "db" | "secretBox" | "clock" | "logger">,
): Promise<number> {
  const now = deps.clock.now();
  const { pruned, revocations } = await deps.db.transaction().execute(async (trx) => {
    const abandoned = await deleteAbandonedRoleConnections(trx, deps.secretBox, {
      storedBefore: now - oauthStateLifetimeMs,
      now,
    });
    const queued: string[] = [];
    for (const { userId, credential } of abandoned) {
      // An unreadable credential has no token to revoke. With Linked Roles off, queueDroppedTokens queues
      // nothing: there is no Discord client to revoke them with.
      if (credential === undefined) continue;
      const id = await queueDroppedTokens(trx, deps, {
        issuer: "discord",
        guildId: undefined,
        userId,
        tokens: credential,
        cause: "abandoned_verification",
      });
      if (id !== undefined) queued.push(id);
    }
    return { pruned: abandoned.length, revocations: queued };
  });
  await revokeQueuedTokens(deps, revocations);
  return pruned;
}
