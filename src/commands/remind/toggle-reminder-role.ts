// `/remind on` and `/remind off` (docs/architecture.md, "Tournament reminders"): the member takes or gives back
// the server's reminder role, so only those who asked are pinged. Discord's refusals follow tier roles' policy:
// 50013 is explained (the permission to grant, or the role to move) and told to the admins once; a deleted
// role is told too; the member hears what happened. `/remind off` also gives back the earlier reminder roles
// `/remind on` gave the member that they still hold, even once reminders are off.
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
import { forgetReminderRoleGrant, recordReminderRoleGrant } from "../../store/reminder-role-grants.js";
import { describeEarlierRoles, giveBackEarlierRoles, recordBestEffort } from "./give-back-earlier-roles.js";
import {
  clearRoleProblem,
  findReminderSettings,
  recordReminderRoleDeleted,
  recordRoleProblem,
  type ReminderSettings,
} from "../../store/reminder-settings.js";

export async function toggleReminderRole(
  deps: BotDependencies,
  input: {
    readonly guildId: string;
    readonly userId: string;
    readonly on: boolean;
    /** The member's roles, as the interaction carried them: which earlier reminder roles they still hold. */
    readonly roleIds: readonly string[];
  },
): Promise<string> {
  const settings = await findReminderSettings(deps.db, input.guildId);
  const roleId = settings?.roleId ?? null;
  // `/remind off` finds nothing left to take once the role is deleted: the pings are off all the same.
  let deleted = false;
  if (settings !== undefined && roleId !== null) {
    const change = { guildId: input.guildId, userId: input.userId, roleId };
    // A role the member holds already came from someone else (or an earlier /remind on): no grant of ours.
    const heldAlready = input.roleIds.includes(roleId);
    try {
      if (input.on) {
        await addMemberRole(deps.rest, { ...change, reason: "Asked for tournament reminders (/remind on)" });
      } else {
        await removeMemberRole(deps.rest, {
          ...change,
          reason: "Stopped tournament reminders (/remind off)",
        });
      }
    } catch (error) {
      const failure = classifyRoleFailure(error).kind;
      deleted = !input.on && failure === "unknown-role";
      if (!deleted) {
        // Discord refused to take the current role, which keeps its pings on: an earlier role is still given
        // back. Any other failure (Discord down) is thrown as it is, with nothing given back.
        const refusedOff = !input.on && failure === "missing-permissions";
        const told = refusedOff ? describeEarlierRoles(await giveBackEarlierRoles(deps, input, roleId)) : "";
        throw await refuse(deps, settings, roleId, error, told);
      }
      await noteRoleDeleted(deps, settings, roleId);
    }
    // Discord took the change: what is kept of it here is best effort, and the member hears it worked.
    await recordBestEffort(deps, async () => {
      if (!input.on) await forgetReminderRoleGrant(deps.db, change);
      else if (!heldAlready) await recordReminderRoleGrant(deps.db, { ...change, now: deps.clock.now() });
      if (!deleted) await clearRoleProblem(deps.db, input.guildId);
    });
  }
  if (input.on) return describeTaken(deps, input.guildId, settings);
  // After the current role: an earlier one Discord will not let the bot take must not keep the pings on.
  const earlier = await giveBackEarlierRoles(deps, input, roleId);
  const told = describeEarlierRoles(earlier);
  if (settings === undefined) {
    if (earlier.givenBack.length === 0 && earlier.kept.length === 0) throw remindersOff();
    return `Tournament reminders are off in this server, so nothing pings you.${told}`;
  }
  if (roleId === null) return `${describeNoRole(settings, "give back")}${told}`;
  const gone = deleted
    ? `<@&${roleId}> was deleted, so reminders ping nobody now. They still appear in`
    : `<@&${roleId}> is gone: no more reminder pings. The reminders still appear in`;
  return `${gone} <#${settings.channelId}>.${told}`;
}

function remindersOff(): UserFacingError {
  return new UserFacingError(
    "reminders_off",
    "Tournament reminders are off in this server. An admin can turn them on with `/setup reminders set`.",
  );
}

function describeNoRole(settings: ReminderSettings, verb: "take" | "give back"): string {
  return (
    `Reminders here ping nobody, so there is no role to ${verb}: they are posted in <#${settings.channelId}> ` +
    "for everyone to see. An admin can add a role with `/setup reminders set`."
  );
}

/** `/remind on`'s answer once the role is given. */
async function describeTaken(
  deps: BotDependencies,
  guildId: string,
  settings: ReminderSettings | undefined,
): Promise<string> {
  if (settings === undefined) throw remindersOff();
  const { roleId } = settings;
  if (roleId === null) return describeNoRole(settings, "take");
  const when = `${formatLeadTimes(settings.leadMinutes)} before each tournament starts`;
  if (await pingsNobody(deps, guildId, roleId)) {
    return (
      `You have <@&${roleId}> now, but Discord won't let me ping it yet: an admin must allow anyone to ` +
      "mention the role, or give me Mention @everyone, @here, and All Roles. Until then the reminders name it " +
      `without notifying you, in <#${settings.channelId}> ${when}. \`/remind off\` gives the role back.`
    );
  }
  return `You have <@&${roleId}> now: you'll be pinged in <#${settings.channelId}> ${when}. \`/remind off\` stops it.`;
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

/**
 * The member's answer for a refused change, with `told` (what became of earlier roles) after it; the admins
 * are told once. Anything else is thrown as it is.
 */
async function refuse(
  deps: BotDependencies,
  settings: ReminderSettings,
  roleId: string,
  error: unknown,
  told: string,
): Promise<unknown> {
  const failure = classifyRoleFailure(error);
  if (failure.kind !== "missing-permissions" && failure.kind !== "unknown-role") return error;
  let first: boolean;
  if (failure.kind === "unknown-role") first = await noteRoleDeleted(deps, settings, roleId);
  else {
    const refusal = await explainPermissionRefusal(deps, settings.guildId, roleId, failure.detail);
    first = await recordRoleProblem(deps.db, {
      guildId: settings.guildId,
      problem: refusal.kind,
      now: deps.clock.now(),
    });
    if (first) await tellAdminsReminderRoleRefused(deps, { guildId: settings.guildId, roleId, refusal });
  }
  const admins = first ? "I've told the server's admins" : "The server's admins have been told";
  return new UserFacingError(
    "reminder_role_refused",
    `Discord wouldn't let me change your reminder role <@&${roleId}>. ${admins}; try again once they've fixed it.${told}`,
  );
}

/**
 * Records the reminder role deleted, over any other role problem recorded before (the deletion is what the
 * admins must mend now, and posts stop naming the role), and tells the admins when it is news. True then.
 */
async function noteRoleDeleted(
  deps: BotDependencies,
  settings: ReminderSettings,
  roleId: string,
): Promise<boolean> {
  const { guildId } = settings;
  const first = await recordReminderRoleDeleted(deps.db, { guildId, roleId, now: deps.clock.now() });
  if (first)
    await tellAdminsReminderRoleRefused(deps, { guildId, roleId, refusal: { kind: "role-deleted" } });
  return first;
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
