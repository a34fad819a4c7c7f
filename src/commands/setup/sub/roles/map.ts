// `/setup roles map tier:<tier> [role:<role>]` (docs/architecture.md, "Tier roles"): a tier's role, chosen by
// the admin, checked first so the sync does not fail on it later: a role the bot can give (not @everyone,
// not a bot's or integration's, below the bot's highest role).
import type { Kysely } from "kysely";
import type { BotDependencies } from "../../../bot-dependencies.js";
import { UserFacingError } from "../../../../discord/user-facing-error.js";
import { formatTier } from "../../../../display/tier.js";
import { plainText } from "../../../../display/platform-text.js";
import { queueGuildSync } from "../../../../roles/queue-guild-sync.js";
import {
  findGuildRoleSettings,
  saveRoleSyncMode,
  stopCreatingTierRoles,
} from "../../../../store/guild-role-settings.js";
import { dropRoleFromMembers, forgetRoleDrops } from "../../../../store/guild-role-queue.js";
import type { Database } from "../../../../store/database.js";
import { holdGuildTierRoles, listTierRoles, mapTierRole, unmapTier } from "../../../../store/tier-roles.js";
import { normaliseTier } from "../../../../store/tiers.js";
import { checkGivableRole } from "../../check-givable-role.js";
import { refuseReminderRoleForTier } from "../../role-conflicts.js";
import { renderTurnedOnAgain } from "../../render-tier-roles.js";
import type { SetupOptionsOf, SubcommandContext } from "../../setup-arguments.js";
import { withTierRoleFeedGap } from "../../tier-role-feed.js";

export async function mapTierToRole(
  deps: BotDependencies,
  input: { readonly guildId: string; readonly tier: string; readonly roleId: string | undefined },
): Promise<string> {
  const { guildId } = input;
  const tier = normaliseTier(input.tier);
  if (tier === undefined) throw new UserFacingError("bad_tier", "Pick a tier from the list.");
  const shown = `**${plainText(formatTier(tier))}**`;
  if (input.roleId === undefined) {
    const now = deps.clock.now();
    const { cleared, wasCreating } = await deps.db.transaction().execute(async (trx) => ({
      cleared: await unmapTier(trx, { guildId, tier }),
      // Create mode would give the tier a role again at the next sync (docs/architecture.md, "Tier roles").
      wasCreating: await stopCreatingTierRoles(trx, { guildId, now }),
    }));
    const mode = wasCreating
      ? " I no longer make tier roles myself, so it stays that way: new tiers get no role until you map them with `/setup roles map` (`/setup roles create` makes them again)."
      : "";
    return cleared
      ? `Tier ${shown} has no role now. Members keep the role they had; remove it in Server Settings → Roles if you like.${mode}`
      : `Tier ${shown} had no role.${mode}`;
  }
  await refuseReminderRoleForTier(deps, guildId, input.roleId);
  // Asked here first, to refuse before asking Discord anything; asked again once the map is held, below.
  await refuseRoleOfAnotherTier(deps.db, { guildId, tier, roleId: input.roleId });
  await checkGivableRole(deps, guildId, input.roleId, {
    everyoneRole: "@everyone cannot be a tier role. Pick another role.",
    tryAgain: "map it again",
  });
  const now = deps.clock.now();
  const settings = await findGuildRoleSettings(deps.db, guildId);
  // Turned off earlier: on again in the mode it was turned off in, as `/setup roles sync` does.
  const turnedOn = settings?.mode === "off" ? (settings.resumeMode ?? "map") : undefined;
  const roleId = input.roleId;
  const replaced = await deps.db.transaction().execute(async (trx) => {
    // Another admin's map of this role to another tier may have committed since the question above.
    await holdGuildTierRoles(trx, guildId);
    await refuseRoleOfAnotherTier(trx, { guildId, tier, roleId });
    if (settings === undefined || turnedOn !== undefined) {
      await saveRoleSyncMode(trx, { guildId, mode: turnedOn ?? "map", now });
    }
    const before = (await listTierRoles(trx, guildId)).find((mapping) => mapping.tier === tier)?.roleId;
    // The members the bot gave the old role move to the new one: the old is taken from them at their sync.
    if (before !== undefined && before !== roleId)
      await dropRoleFromMembers(trx, { guildId, tier, roleId: before });
    await mapTierRole(trx, { guildId, tier, roleId, createdByBot: false, now });
    // A role that stands for a tier again is taken from nobody.
    await forgetRoleDrops(trx, { guildId, roleId });
    return before !== undefined && before !== roleId ? before : undefined;
  });
  const queued = await queueGuildSync(deps.db, { guildId, now, resume: true });
  deps.wakeRoleWorker?.();
  const moved =
    replaced === undefined
      ? ""
      : ` I take <@&${replaced}> from the members I gave it to (the role itself stays; delete it in Server Settings → Roles if you like).`;
  const on = turnedOn === undefined ? "" : ` ${renderTurnedOnAgain(turnedOn)}`;
  return `Members of tier ${shown} now get <@&${roleId}>.${moved}${on} Updating ${queued} linked ${queued === 1 ? "member" : "members"}; \`/setup status\` shows progress.`;
}

/**
 * One role stands for one tier: taken silently, the other tier would lose its role (and in create mode get a
 * second role of its name at the next sync), so the admin is told to take it from that tier first.
 */
async function refuseRoleOfAnotherTier(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly tier: string; readonly roleId: string },
): Promise<void> {
  const other = (await listTierRoles(db, input.guildId)).find(
    (mapping) => mapping.roleId === input.roleId && mapping.tier !== input.tier,
  );
  if (other === undefined) return;
  const otherShown = `**${plainText(formatTier(other.tier))}**`;
  throw new UserFacingError(
    "role_of_another_tier",
    `<@&${input.roleId}> is already tier ${otherShown}'s role, and one role stands for one tier. Pick another ` +
      `role, or first take it from tier ${otherShown} with \`/setup roles map\` naming that tier and no role.`,
  );
}

/** The subcommand, answered privately. */
export async function runRolesMap(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: SetupOptionsOf<"roles", "map">,
): Promise<void> {
  const input = { guildId: actor.guildId, tier: options.tier, roleId: options.role?.id };
  const content = await withTierRoleFeedGap(deps, actor.guildId, await mapTierToRole(deps, input));
  await responder.reply({ content, ephemeral: true });
}
