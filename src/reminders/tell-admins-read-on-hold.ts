// What the admins read when the open tournaments cannot be read any more (docs/architecture.md, "Tournament
// reminders", "Tournament events"): in the admin channel (`/setup admin-channel`) or, without one, only in the
// log. The notice names what is on hold (reminders, or events read for themselves) and what mends it.
import { tellAdmins } from "../outbox/tell-admins.js";
import type { ReminderDeps } from "./reminder-deps.js";
import { describeReadsOf, readingAdminOf, type TournamentReader } from "./tournament-reader.js";

/**
 * Why the reading admin's link no longer reads tournaments, as stored and told. The last two are the admin's
 * standing in the server, not their link: their credential is not used until they are an admin again.
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

/** How a notice names what is on hold, who set it up, the command that mends it, and what goes on meanwhile. */
const heldReads = {
  reminders: {
    what: "Tournament reminders",
    setUp: "set them up",
    command: "`/setup reminders set`",
    meanwhile: "Reminders already scheduled are still sent.",
    // `/setup reminders set` needs a link, so a missing one was taken away.
    unlinked: "has unlinked their platform account",
  },
  events: {
    what: "Tournament events",
    setUp: "turned them on",
    command: "`/setup events on`",
    meanwhile: "The events already in the Events tab stay.",
    // Events turned on before `/setup events on` asked for a link may never have had one.
    unlinked: "has no platform account linked here",
  },
} as const;

export function explainReadOnHold(
  reader: { readonly feeds: TournamentReader["feeds"]; readonly adminId: string },
  problem: LinkProblem,
): string {
  const admin = `<@${reader.adminId}>`;
  const held = heldReads[reader.feeds];
  if (problem.kind === "admin_left" || problem.kind === "admin_lacks_manage_server") {
    const gone =
      problem.kind === "admin_left"
        ? `${admin}, who ${held.setUp}, is no longer a member of this server`
        : `${admin}, who ${held.setUp}, no longer has the Manage Server permission`;
    return (
      `${held.what} are on hold: ${gone}, so I stopped reading the open tournaments with their ` +
      `linked account. An admin needs to run ${held.command} again to read them with their own. ` +
      held.meanwhile
    );
  }
  const why =
    problem.kind === "not_linked"
      ? `${admin} ${held.unlinked}`
      : problem.kind === "reauth_needed"
        ? `the platform account ${admin} linked needs signing in again`
        : `the platform refused the account ${admin} linked (HTTP ${String(problem.status)})`;
  return (
    `${held.what} are on hold: ${why}, and I read the open tournaments with it. ${admin} can run ` +
    `\`/link\`, or another admin can run ${held.command} to use their own account. ${held.meanwhile}`
  );
}

export async function tellAdminsReadOnHold(
  deps: ReminderDeps,
  reader: TournamentReader,
  problem: LinkProblem,
): Promise<void> {
  const adminId = readingAdminOf(reader);
  await tellAdmins(deps, {
    guildId: reader.settings.guildId,
    content: explainReadOnHold({ feeds: reader.feeds, adminId }, problem),
    what: `put ${describeReadsOf(reader)} on hold`,
    logFields: { problem: describeLinkProblem(problem), readBy: adminId },
  });
}
