// What the admins read when reminders cannot read the open tournaments any more (docs/architecture.md,
// "Tournament reminders"): in the admin channel (`/setup admin-channel`) or, without one, only in the log.
import { tellAdmins } from "../outbox/tell-admins.js";
import type { ReminderSettings } from "../store/reminder-settings.js";
import type { ReminderDeps } from "./reminder-deps.js";

/**
 * Why the configuring admin's link no longer reads tournaments, as stored and told. The last two are the
 * admin's standing in the server, not their link: their credential is not used until they are an admin again.
 */
export type LinkProblem =
  | { readonly kind: "not_linked" }
  | { readonly kind: "reauth_needed" }
  | { readonly kind: "refused"; readonly status: number; readonly code: string }
  | { readonly kind: "admin_left" }
  | { readonly kind: "admin_lacks_manage_server" };

export function describeLinkProblem(problem: LinkProblem): string {
  switch (problem.kind) {
    case "refused":
      return `refused: ${String(problem.status)} ${problem.code}`;
    default:
      return problem.kind;
  }
}

/** Whether a stored problem is the admin's standing in the server, which only another `/setup` mends. */
export function isAdminStandingProblem(stored: string): boolean {
  return stored === "admin_left" || stored === "admin_lacks_manage_server";
}

export function explainLinkProblem(
  settings: Pick<ReminderSettings, "configuredBy">,
  problem: LinkProblem,
): string {
  const admin = `<@${settings.configuredBy}>`;
  if (problem.kind === "admin_left" || problem.kind === "admin_lacks_manage_server") {
    const gone =
      problem.kind === "admin_left"
        ? `${admin}, who set them up, is no longer a member of this server`
        : `${admin}, who set them up, no longer has the Manage Server permission`;
    return (
      `Tournament reminders are on hold: ${gone}, so I stopped reading the open tournaments with their ` +
      "linked account. An admin needs to run `/setup reminders set` again to read them with their own. " +
      "Reminders already scheduled are still sent."
    );
  }
  const why =
    problem.kind === "not_linked"
      ? `${admin} has unlinked their platform account`
      : problem.kind === "reauth_needed"
        ? `the platform account ${admin} linked needs signing in again`
        : `the platform refused the account ${admin} linked (HTTP ${String(problem.status)})`;
  return (
    `Tournament reminders are on hold: ${why}, and I read the open tournaments with it. ${admin} can run ` +
    "`/link`, or another admin can run `/setup reminders set` to use their own account. Reminders already " +
    "scheduled are still sent."
  );
}

export async function tellAdminsRemindersOnHold(
  deps: ReminderDeps,
  settings: ReminderSettings,
  problem: LinkProblem,
): Promise<void> {
  await tellAdmins(deps, {
    guildId: settings.guildId,
    content: explainLinkProblem(settings, problem),
    what: "put tournament reminders on hold",
    logFields: { problem: describeLinkProblem(problem), configuredBy: settings.configuredBy },
  });
}

/** Why Discord would not give or take the reminder role, as tier roles explain it (src/roles/). */
export type ReminderRoleRefusal =
  | { readonly kind: "missing-manage-roles"; readonly botRoleId: string | undefined }
  | { readonly kind: "role-above-bot"; readonly botRoleId: string | undefined }
  | { readonly kind: "role-deleted" }
  | { readonly kind: "unexplained"; readonly detail: string };

export function explainReminderRoleRefusal(roleId: string, refusal: ReminderRoleRefusal): string {
  const lead = `Members can't take the reminder role <@&${roleId}> with \`/remind\``;
  const myRole = (botRoleId: string | undefined) =>
    botRoleId === undefined ? "my role" : `my role <@&${botRoleId}>`;
  const then = "then they can run `/remind on` again.";
  switch (refusal.kind) {
    case "missing-manage-roles":
      return `${lead}: I lack the **Manage Roles** permission. In Server Settings → Roles, give ${myRole(refusal.botRoleId)} Manage Roles, ${then}`;
    case "role-above-bot":
      return `${lead}: it sits above ${myRole(refusal.botRoleId)}, and I can only give roles below my highest role. In Server Settings → Roles, drag ${myRole(refusal.botRoleId)} above it, ${then}`;
    case "role-deleted":
      return `${lead}: it was deleted. Run \`/setup reminders set\` with another role (or without \`role:\` to post without a ping).`;
    case "unexplained":
      return `${lead}: Discord refused (${refusal.detail}). Check that I have Manage Roles and that my role sits above it, ${then}`;
  }
}

export async function tellAdminsReminderRoleRefused(
  deps: Pick<ReminderDeps, "db" | "rest" | "logger">,
  input: { readonly guildId: string; readonly roleId: string; readonly refusal: ReminderRoleRefusal },
): Promise<void> {
  await tellAdmins(deps, {
    guildId: input.guildId,
    content: explainReminderRoleRefusal(input.roleId, input.refusal),
    what: "could not give or take the tournament reminder role",
    logFields: { roleId: input.roleId, refusal: input.refusal.kind },
  });
}
