// One server's read of the open tournaments (docs/architecture.md, "Tournament reminders"): with the linked
// credential of the admin who set reminders up, while Discord still shows them a member with Manage Server,
// every page, then the server's reminders brought in line. If that admin's link stops working, or they left
// or lost Manage Server, the admins are told once, and told nothing more until a read works again.
import { PlatformError } from "../api/errors.js";
import { readManageServerStanding } from "../discord/manage-server-standing.js";
import { UserFacingError } from "../discord/user-facing-error.js";
import { getMemberSession } from "../linking/member-credential.js";
import { recordLinkProblem, recordPollSucceeded, type ReminderSettings } from "../store/reminder-settings.js";
import { syncTournamentReminders, type ReminderSync } from "../store/tournament-reminders.js";
import { syncGuildTournamentEvents } from "./events/sync-guild-tournament-events.js";
import type { TournamentEventSync } from "../store/tournament-events.js";
import { planReminders } from "./plan-reminders.js";
import { readOpenTournaments } from "./read-open-tournaments.js";
import type { ReminderDeps } from "./reminder-deps.js";
import {
  describeLinkProblem,
  tellAdminsRemindersOnHold,
  type LinkProblem,
} from "./tell-admins-about-reminders.js";

export type PollOutcome =
  | {
      readonly kind: "read";
      readonly sync: ReminderSync;
      readonly complete: boolean;
      /** docs/architecture.md, "Tournament events"; undefined when the server shows none. */
      readonly events: TournamentEventSync | undefined;
    }
  | { readonly kind: "link-problem"; readonly problem: LinkProblem; readonly told: boolean }
  /** The platform or the bot's own access failed; the next read tries again. */
  | { readonly kind: "failed" };

export async function pollGuildTournaments(
  deps: ReminderDeps,
  settings: ReminderSettings,
): Promise<PollOutcome> {
  const { guildId } = settings;
  let read;
  try {
    // The admin's credential reads for the server only while they are still its admin.
    const standing = await readManageServerStanding(deps.rest, { guildId, userId: settings.configuredBy });
    if (standing !== "holds") return await holdReminders(deps, settings, standingProblem(standing));
    const { credential } = await getMemberSession(deps, { guildId, userId: settings.configuredBy });
    read = await readOpenTournaments(deps.platform, credential);
  } catch (error) {
    const problem = readLinkProblem(error);
    if (problem !== undefined) return holdReminders(deps, settings, problem);
    deps.logger.warn(
      { guildId, err: error },
      "could not check the configuring admin or read the open tournaments for reminders; trying again later",
    );
    return { kind: "failed" };
  }
  const now = deps.clock.now();
  const plan = planReminders({ tournaments: read.tournaments, leadMinutes: settings.leadMinutes, now });
  const sync = await syncTournamentReminders(deps.db, { guildId, ...plan, complete: read.complete, now });
  const events = await syncGuildTournamentEvents(deps, { guildId, read, now });
  if (sync.gone > 0) deps.metrics.skipped("gone", sync.gone);
  if (await recordPollSucceeded(deps.db, { guildId, now })) {
    deps.logger.info({ guildId }, "tournament reminders read the open tournaments again");
  }
  deps.logger.debug(
    { guildId, open: plan.openTournaments.length, ...sync, complete: read.complete, events },
    "read the open tournaments for reminders",
  );
  return { kind: "read", sync, complete: read.complete, events };
}

/** The failures that are the link's, not the platform's: the admin must act (or another admin take over). */
function readLinkProblem(error: unknown): LinkProblem | undefined {
  if (error instanceof UserFacingError && (error.code === "not_linked" || error.code === "reauth_needed")) {
    return { kind: error.code };
  }
  if (error instanceof PlatformError && (error.status === 401 || error.status === 403)) {
    return { kind: "refused", status: error.status, code: error.code };
  }
  return undefined;
}

function standingProblem(standing: "lacks" | "left"): LinkProblem {
  return { kind: standing === "left" ? "admin_left" : "admin_lacks_manage_server" };
}

async function holdReminders(
  deps: ReminderDeps,
  settings: ReminderSettings,
  problem: LinkProblem,
): Promise<PollOutcome> {
  const told = await recordLinkProblem(deps.db, {
    guildId: settings.guildId,
    problem: describeLinkProblem(problem),
    now: deps.clock.now(),
  });
  if (told) await tellAdminsRemindersOnHold(deps, settings, problem);
  deps.logger.debug(
    { guildId: settings.guildId, problem: describeLinkProblem(problem) },
    "tournament reminders on hold: the open tournaments were not read",
  );
  return { kind: "link-problem", problem, told };
}
