import type { Actor } from "../discord/interaction-handlers.js";
import type { InteractionResponder } from "../discord/interaction-responder.js";
import type { LinkingDeps } from "./linking-deps.js";
import { notLinkedError, reauthNeededError } from "./link-errors.js";
import { findMemberLink } from "../store/member-links.js";

/**
 * Refuses an unlinked member before anything is acknowledged, reading the link only (no token refresh), so
 * the answer is quick and the "Link account" prompt stays ephemeral (docs/architecture.md, "Commands").
 */
export async function requireLinkedMember(deps: LinkingDeps, actor: Actor): Promise<void> {
  const link = await findMemberLink(deps.db, deps.secretBox, actor);
  if (link === undefined) throw notLinkedError(actor.guildId === undefined);
  if (link.status === "reauth_needed") throw reauthNeededError();
}

/**
 * Defers a public answer (a battle card, a challenge) once the member is known to be linked. The first
 * message after a deferral replaces the "thinking…" one and keeps its visibility, so deferring first would
 * post the not-linked prompt for everyone to see.
 */
export async function deferPublicAnswer(
  deps: LinkingDeps,
  actor: Actor,
  responder: InteractionResponder,
): Promise<void> {
  await requireLinkedMember(deps, actor);
  await responder.defer({ ephemeral: false });
}
