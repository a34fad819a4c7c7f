// `/remind on` and `/remind off` (docs/architecture.md, "Tournament reminders"): the member takes or gives back
// the server's reminder role, so only those who asked are pinged. Discord's refusals follow tier roles' policy:
// 50013 is explained (the permission to grant, or the role to move) and told to the admins once; a deleted
// role is told too; the member hears what happened. `/remind off` also gives back the server's earlier
// reminder roles the member still holds, even once reminders are off.
import type { BotDependencies } from "../bot-dependencies.js";
import { addMemberRole, removeMemberRole } from "../../discord/guild-roles.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { formatLeadTimes } from "../../display/lead-time.js";
import {
  tellAdminsReminderRoleRefused,
  type ReminderRoleRefusal,
} from "../../reminders/tell-admins-about-reminders.js";
import { classifyRoleFailure } from "../../roles/classify-role-failure.js";
import { canPingRole, explainRoleRefusal } from "../../roles/explain-role-refusal.js";
import { readRoleHierarchy } from "../../roles/read-role-hierarchy.js";
import {
  clearRoleProblem,
  findReminderSettings,
  forgetFormerReminderRole,
  listFormerReminderRoles,
  recordRoleProblem,
  type ReminderSettings,
} from "../../store/reminder-settings.js";

export async function toggleReminderRole(
  deps: BotDependencies,
  input: {
    readonly guildId: string;
    readonly userId: string;
    readonly on: boolean;
    /** The member's roles, as the interaction carried them: which earlier reminder roles they hold. */
    readonly roleIds: readonly string[];
  },
): Promise<string> {
  const settings = await findReminderSettings(deps.db, input.guildId);
  const givenBack = input.on ? [] : await giveBackFormerRoles(deps, input, settings?.roleId ?? null);
  const alsoGivenBack =
    givenBack.length === 0
      ? ""
      : ` I also took back ${givenBack.map((id) => `<@&${id}>`).join(", ")}, this server's earlier reminder ` +
        `role${givenBack.length === 1 ? "" : "s"}.`;
  if (settings === undefined) {
    if (givenBack.length > 0) {
      return (
        `${givenBack.map((id) => `<@&${id}>`).join(", ")} ${givenBack.length === 1 ? "is" : "are"} gone: ` +
        "tournament reminders are off in this server, so nothing pings you."
      );
    }
    throw new UserFacingError(
      "reminders_off",
      "Tournament reminders are off in this server. An admin can turn them on with `/setup reminders set`.",
    );
  }
  const { roleId } = settings;
  if (roleId === null) {
    return (
      `Reminders here ping nobody, so there is no role to ${input.on ? "take" : "give back"}: they are posted ` +
      `in <#${settings.channelId}> for everyone to see. An admin can add a role with \`/setup reminders set\`.` +
      alsoGivenBack
    );
  }
  const change = { guildId: input.guildId, userId: input.userId, roleId };
  try {
    if (input.on) {
      await addMemberRole(deps.rest, { ...change, reason: "Asked for tournament reminders (/remind on)" });
    } else {
      await removeMemberRole(deps.rest, { ...change, reason: "Stopped tournament reminders (/remind off)" });
    }
  } catch (error) {
    throw await refuse(deps, settings, roleId, error);
  }
  await clearRoleProblem(deps.db, input.guildId);
  if (!input.on) {
    return (
      `<@&${roleId}> is gone: no more reminder pings. The reminders still appear in <#${settings.channelId}>.` +
      alsoGivenBack
    );
  }
  const when = `${formatLeadTimes(settings.leadMinutes)} before each tournament starts`;
  if (await pingsNobody(deps, input.guildId, roleId)) {
    return (
      `You have <@&${roleId}> now, but Discord won't let me ping it yet: an admin must allow anyone to ` +
      "mention the role, or give me Mention @everyone, @here, and All Roles. Until then the reminders name it " +
      `without notifying you, in <#${settings.channelId}> ${when}. \`/remind off\` gives the role back.`
    );
  }
  return `You have <@&${roleId}> now: you'll be pinged in <#${settings.channelId}> ${when}. \`/remind off\` stops it.`;
}

/**
 * Takes from the member each earlier reminder role they still hold (not the current one): the ids given back.
 * One Discord no longer has is forgotten; one Discord will not let the bot take is the member's to hear.
 */
async function giveBackFormerRoles(
  deps: BotDependencies,
  member: { readonly guildId: string; readonly userId: string; readonly roleIds: readonly string[] },
  currentRoleId: string | null,
): Promise<string[]> {
  const held = (await listFormerReminderRoles(deps.db, member.guildId)).filter(
    (roleId) => roleId !== currentRoleId && member.roleIds.includes(roleId),
  );
  const givenBack: string[] = [];
  for (const roleId of held) {
    try {
      await removeMemberRole(deps.rest, {
        guildId: member.guildId,
        userId: member.userId,
        roleId,
        reason: "Stopped tournament reminders (/remind off): an earlier reminder role",
      });
      givenBack.push(roleId);
    } catch (error) {
      const failure = classifyRoleFailure(error);
      if (failure.kind === "unknown-role") {
        await forgetFormerReminderRole(deps.db, { guildId: member.guildId, roleId });
        continue;
      }
      if (failure.kind !== "missing-permissions") throw error;
      throw new UserFacingError(
        "reminder_role_refused",
        `Discord wouldn't let me take back <@&${roleId}>, this server's earlier reminder role: an admin can ` +
          "remove it from you, or give me Manage Roles above it.",
      );
    }
  }
  return givenBack;
}

/**
 * Whether the reminders' mention of the role would notify nobody (docs/architecture.md, "Tournament reminders":
 * `/setup reminders set` warns the admin of the same). Best effort: roles that cannot be read promise the ping.
 */
async function pingsNobody(deps: BotDependencies, guildId: string, roleId: string): Promise<boolean> {
  try {
    const hierarchy = await readRoleHierarchy(deps, guildId);
    const role = hierarchy.roles.find((candidate) => candidate.id === roleId);
    return role !== undefined && !canPingRole(role, hierarchy);
  } catch (error) {
    deps.logger.warn({ guildId, err: error }, "could not read the roles to tell whether reminders ping");
    return false;
  }
}

/** The member's answer for a refused change; the admins are told once. Anything else is thrown as it is. */
async function refuse(
  deps: BotDependencies,
  settings: ReminderSettings,
  roleId: string,
  error: unknown,
): Promise<unknown> {
  const failure = classifyRoleFailure(error);
  if (failure.kind !== "missing-permissions" && failure.kind !== "unknown-role") return error;
  const refusal: ReminderRoleRefusal =
    failure.kind === "unknown-role"
      ? { kind: "role-deleted" }
      : await explainPermissionRefusal(deps, settings.guildId, roleId, failure.detail);
  const first = await recordRoleProblem(deps.db, {
    guildId: settings.guildId,
    problem: refusal.kind,
    now: deps.clock.now(),
  });
  if (first) await tellAdminsReminderRoleRefused(deps, { guildId: settings.guildId, roleId, refusal });
  const told = first ? "I've told the server's admins" : "The server's admins have been told";
  return new UserFacingError(
    "reminder_role_refused",
    `Discord wouldn't let me change your reminder role <@&${roleId}>. ${told}; try again once they've fixed it.`,
  );
}

async function explainPermissionRefusal(
  deps: BotDependencies,
  guildId: string,
  roleId: string,
  detail: string,
): Promise<ReminderRoleRefusal> {
  try {
    const refusal = explainRoleRefusal(await readRoleHierarchy(deps, guildId), [roleId]);
    switch (refusal.kind) {
      case "missing-manage-roles":
        return { kind: "missing-manage-roles", botRoleId: refusal.botRoleId };
      case "roles-above-bot":
        return { kind: "role-above-bot", botRoleId: refusal.botRoleId };
      case "unexplained":
        return { kind: "unexplained", detail };
    }
  } catch (error) {
    deps.logger.warn({ guildId, err: error }, "could not read the roles to explain a refused reminder role");
    return { kind: "unexplained", detail };
  }
}
