// Platform tokens the bot stops using (an unlinked credential, a re-link's old one, a refresh that finished too
// late to be stored) are revoked at the platform rather than left valid until they expire there
// (docs/architecture.md, "Linking"). Best effort: a failure is logged, never with the token, and never stops
// what the member did.
import type { MemberCredential, MemberKey } from "../store/member-links.js";
import type { LinkingDeps } from "./linking-deps.js";
import { revokePendingTokens } from "./pending-credential.js";

export type DroppedTokensCause = "unlinked" | "relinked" | "late_refresh";

export async function revokeDroppedTokens(
  deps: Pick<LinkingDeps, "config" | "logger">,
  member: MemberKey,
  tokens: MemberCredential,
  cause: DroppedTokensCause,
): Promise<void> {
  const confirmed = await revokePendingTokens(deps, {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
  });
  if (confirmed) return;
  deps.logger.warn(
    { guildId: member.guildId, userId: member.userId, cause },
    "the platform did not confirm the revocation of tokens the bot no longer uses; they stay valid until they expire",
  );
}
