import type { LinkingDeps } from "../../linking/linking-deps.js";
import { notLinkedError, reauthNeededError } from "../../linking/link-errors.js";
import type { Actor } from "../../discord/interaction-handlers.js";
import type { InteractionResponder } from "../../discord/interaction-responder.js";
import { findMemberLink } from "../../store/member-links.js";

/**
 * Defers a public answer only once the member is known to be linked. The first message after a deferral
 * replaces the "thinking…" one and keeps its visibility, so deferring first would post the not-linked prompt
 * publicly; checked before, it stays ephemeral (DESIGN.md §2). The link is only read here, never refreshed, so
 * the 3 s acknowledgement deadline is not spent on the network.
 */
export async function deferPublicReply(
  deps: LinkingDeps,
  actor: Actor,
  responder: InteractionResponder,
): Promise<void> {
  const link = await findMemberLink(deps.db, deps.secretBox, actor);
  if (link === undefined) throw notLinkedError();
  if (link.status === "reauth_needed") throw reauthNeededError();
  await responder.defer({ ephemeral: false });
}
