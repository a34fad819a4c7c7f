// `/remind off`'s earlier reminder roles (docs/architecture.md, "Tournament reminders"): after the current
// role, the member gets back each earlier one `/remind on` gave them that they still hold, best effort; a role
// they had from anyone else is never taken.
import type { BotDependencies } from "../bot-dependencies.js";
import { removeMemberRole } from "../../discord/guild-roles.js";
import { classifyRoleFailure } from "../../roles/classify-role-failure.js";
import { forgetReminderRoleGrant, listReminderRoleGrants } from "../../store/reminder-role-grants.js";

export interface EarlierRoles {
  readonly givenBack: readonly string[];
  /** Those Discord would not let the bot take (or could not be reached for): an admin's to remove. */
  readonly kept: readonly string[];
}

/**
 * Gives back, best effort, each reminder role `/remind on` gave the member that is not the current one and
 * that they still hold. A grant whose role the member or Discord no longer has is forgotten.
 */
export async function giveBackEarlierRoles(
  deps: BotDependencies,
  member: { readonly guildId: string; readonly userId: string; readonly roleIds: readonly string[] },
  currentRoleId: string | null,
): Promise<EarlierRoles> {
  const granted = await listReminderRoleGrants(deps.db, member);
  const givenBack: string[] = [];
  const kept: string[] = [];
  for (const roleId of granted.filter((granted) => granted !== currentRoleId)) {
    const grant = { guildId: member.guildId, userId: member.userId, roleId };
    const forget = () => recordBestEffort(deps, () => forgetReminderRoleGrant(deps.db, grant));
    if (!member.roleIds.includes(roleId)) {
      await forget();
      continue;
    }
    try {
      await removeMemberRole(deps.rest, {
        ...grant,
        reason: "Stopped tournament reminders (/remind off): an earlier reminder role",
      });
    } catch (error) {
      if (classifyRoleFailure(error).kind === "unknown-role") {
        await forget();
        continue;
      }
      deps.logger.warn(
        { guildId: member.guildId, roleId, err: error },
        "could not give back an earlier reminder role",
      );
      kept.push(roleId);
      continue;
    }
    givenBack.push(roleId);
    await forget();
  }
  return { givenBack, kept };
}

/** Runs a write that records what Discord already did; its failure is logged, not the member's. */
export async function recordBestEffort(deps: BotDependencies, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    deps.logger.warn({ err: error }, "could not record a reminder role change Discord made");
  }
}

export function describeEarlierRoles({ givenBack, kept }: EarlierRoles): string {
  const mention = (ids: readonly string[]) => ids.map((id) => `<@&${id}>`).join(", ");
  const parts: string[] = [];
  if (givenBack.length > 0) {
    parts.push(
      ` I also took back ${mention(givenBack)}, which I gave you as this server's reminder role before.`,
    );
  }
  if (kept.length > 0) {
    parts.push(
      ` I couldn't take back ${mention(kept)}, which I gave you as this server's reminder role before: ` +
        "Discord refused or could not be reached. Try again, or ask an admin to remove it.",
    );
  }
  return parts.join("");
}
