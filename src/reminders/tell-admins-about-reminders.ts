// What the admins read when reminders cannot read the open tournaments any more (docs/architecture.md,
// "Tournament reminders"): in the admin channel (`/setup admin-channel`) or, without one, only in the log.
import { tellAdmins } from "../outbox/tell-admins.js";
import type { ReminderSettings } from "../store/reminder-settings.js";
import type { ReminderDeps } from "./reminder-deps.js";

/** Why the configuring admin's link no longer reads tournaments, as stored and told. */
export type LinkProblem =
  | { readonly kind: "not_linked" }
  | { readonly kind: "reauth_needed" }
  | { readonly kind: "refused"; readonly status: number; readonly code: string };

export function describeLinkProblem(problem: LinkProblem): string {
  switch (problem.kind) {
    case "not_linked":
      return "not_linked";
    case "reauth_needed":
      return "reauth_needed";
    case "refused":
      return `refused: ${String(problem.status)} ${problem.code}`;
  }
}

export function explainLinkProblem(
  settings: Pick<ReminderSettings, "configuredBy">,
  problem: LinkProblem,
): string {
  const admin = `<@${settings.configuredBy}>`;
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
