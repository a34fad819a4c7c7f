// What the admins read when members cannot take the reminder role (docs/architecture.md, "Tournament
// reminders"): in the admin channel (`/setup admin-channel`) or, without one, only in the log. A read put on
// hold is told by tell-admins-read-on-hold.ts.
import { tellAdmins } from "../outbox/tell-admins.js";
import type { ReminderDeps } from "./reminder-deps.js";

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
      return `The reminder role <@&${roleId}> was deleted: reminders are posted without a ping, and members can't opt in with \`/remind\`. Run \`/setup reminders set\` with another role (or without \`role:\` to keep posting without a ping).`;
    case "unexplained":
      return `${lead}: Discord refused (${refusal.detail}). Check that I have Manage Roles and that my role sits above it, ${then}`;
  }
}

export async function tellAdminsReminderRoleRefused(
  deps: Pick<ReminderDeps, "db" | "rest" | "clock" | "logger">,
  input: { readonly guildId: string; readonly roleId: string; readonly refusal: ReminderRoleRefusal },
): Promise<void> {
  await tellAdmins(deps, {
    guildId: input.guildId,
    content: explainReminderRoleRefusal(input.roleId, input.refusal),
    what: "could not give or take the tournament reminder role",
    logFields: { roleId: input.roleId, refusal: input.refusal.kind },
  });
}
