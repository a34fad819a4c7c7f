// Before `/setup roles create` makes its roles, the platform's tiers are read with the admin's own credential
// (docs/architecture.md, "Tier roles"), so a new server gets every tier's role at once rather than one at a
// time as members link.
import type { BotDependencies } from "../bot-dependencies.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { learnPlatformTiers } from "../../roles/learn-platform-tiers.js";
import { findMemberLink } from "../../store/member-links.js";
import { listTiers } from "../../store/tiers.js";

/**
 * Whether the tiers were read: false when the admin is not linked (or must sign in again), which leaves the
 * tiers the bot already knows. A platform failure is answered only when no tier is known at all: otherwise
 * the roles of the known tiers are made and the rest follow as tiers are seen.
 */
export async function learnTiersWithAdmin(
  deps: BotDependencies,
  actor: Pick<ServerActor, "guildId" | "userId">,
): Promise<boolean> {
  const link = await findMemberLink(deps.db, deps.secretBox, actor);
  if (link === undefined || link.status !== "active") return false;
  try {
    const { credential } = await getMemberSession(deps, actor);
    await learnPlatformTiers(deps, credential);
    return true;
  } catch (error) {
    if ((await listTiers(deps.db)).length === 0) throw error;
    deps.logger.warn({ guildId: actor.guildId, err: error }, "could not read the platform's tiers");
    return false;
  }
}
