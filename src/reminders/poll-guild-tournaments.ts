// One server's read of the open tournaments (docs/architecture.md, "Tournament reminders", "Tournament
// events"): with the linked credential of the admin who reads for it (tournament-reader.ts), while Discord
// still shows them a member with Manage Server, every page, then what the read feeds brought in line: the
// server's reminders and events, or its events alone. If that admin's link stops working, or they left or lost
// Manage Server, the admins are told once, and told nothing more until a read works again.
import { PlatformError } from "../api/errors.js";
import type { PlatformCredential } from "../api/http.js";
import { readManageServerStanding } from "../discord/manage-server-standing.js";
import { UserFacingError } from "../discord/user-facing-error.js";
import { getMemberSession } from "../linking/member-credential.js";
import type { ReminderSettings } from "../store/reminder-settings.js";
import { syncTournamentReminders, type ReminderSync } from "../store/tournament-reminder-sync.js";
import { syncGuildTournamentEvents, type GuildEventSync } from "./events/sync-guild-tournament-events.js";
import { hasLiveTournamentEvents } from "../store/tournament-event-ends.js";
import { findTournamentEventSettings } from "../store/tournament-event-settings.js";
import { checkReminderRole } from "./check-reminder-role.js";
import { planReminders } from "./plan-reminders.js";
import {
  listedIdsOf,
  readOpenTournaments,
  readEveryTournamentIn,
  type OpenTournaments,
} from "./read-open-tournaments.js";
import type { ReminderDeps } from "./reminder-deps.js";
import { describeLinkProblem, tellAdminsReadOnHold, type LinkProblem } from "./tell-admins-read-on-hold.js";
import {
  describeReadsOf,
  readingAdminOf,
  recordReaderProblem,
  recordReaderSucceeded,
  type TournamentReader,
} from "./tournament-reader.js";

export type PollOutcome =
  | {
      readonly kind: "read";
      /**
       * Undefined when the read was for the events alone (the server has no reminders), or reminders were
       * turned off while it ran.
       */
      readonly sync: ReminderSync | undefined;
      readonly complete: boolean;
      /**
       * docs/architecture.md, "Tournament events"; undefined when the server shows none, or reminders were
       * turned off while the reminders' read ran (the events' own reads take over).
       */
      readonly events: GuildEventSync | undefined;
    }
  | { readonly kind: "link-problem"; readonly problem: LinkProblem; readonly told: boolean }
  /**
   * A later read (another instance's, claimed while this one ran) already brought the server's reminders
   * and events in line: this one wrote nothing.
   */
  | { readonly kind: "overtaken" }
  /** The platform or the bot's own access failed; the next read tries again. */
  | { readonly kind: "failed" };

export async function pollGuildTournaments(
  deps: ReminderDeps,
  reader: TournamentReader,
): Promise<PollOutcome> {
  const { guildId } = reader.settings;
  const userId = readingAdminOf(reader);
  if (reader.feeds === "reminders") await checkReminderRole(deps, reader.settings);
  // The events' own reads claimed so far: one claimed after the reminders' read began (it on hold meanwhile)
  // is newer.
  const eventReadsBefore =
    reader.feeds === "reminders"
      ? ((await findTournamentEventSettings(deps.db, guildId))?.readClaims ?? 0)
      : 0;
  let read;
  let active: OpenTournaments | undefined;
  try {
    // The admin's credential reads for the server only while they are still its admin.
    const standing = await readManageServerStanding(deps.rest, { guildId, userId });
    if (standing !== "holds") return await holdReads(deps, reader, standingProblem(standing));
    const { credential } = await getMemberSession(deps, { guildId, userId });
    read = await readOpenTournaments(deps.platform, credential);
    // A started tournament's event needs to know whether it still runs (docs/architecture.md, "Tournament events").
    if (await hasLiveTournamentEvents(deps.db, guildId)) active = await readActive(deps, credential, reader);
  } catch (error) {
    const problem = readLinkProblem(error);
    if (problem !== undefined) return holdReads(deps, reader, problem);
    deps.logger.warn(
      { guildId, err: error },
      `could not check the reading admin or read the open tournaments for ${describeReadsOf(reader)}; trying again later`,
    );
    return { kind: "failed" };
  }
  warnOfUnreadable(deps, guildId, [read, active]);
  const now = deps.clock.now();
  const sync =
    reader.feeds === "reminders" ? await scheduleReminders(deps, reader.settings, read, now) : undefined;
  if (sync === "overtaken") return dropOvertaken(deps, guildId);
  // Reminders turned off while it ran: the events' own reads keep the events from now on.
  if (reader.feeds === "reminders" && sync === undefined) {
    return { kind: "read", sync, complete: read.complete, events: undefined };
  }
  const events = await syncGuildTournamentEvents(deps, {
    guildId,
    read,
    active,
    now,
    claimed: {
      claims: reader.settings.readClaims,
      settingsCreatedAt: reader.settings.createdAt,
      ...(reader.feeds === "reminders"
        ? { feeds: "reminders" as const, eventReadsBefore }
        : { feeds: "events" as const }),
    },
  });
  if (events === "overtaken") return dropOvertaken(deps, guildId);
  if (await recordReaderSucceeded(deps, reader, now)) {
    deps.logger.info({ guildId }, `${describeReadsOf(reader)} read the open tournaments again`);
  }
  deps.logger.debug(
    {
      guildId,
      open: read.tournaments.length,
      active: active?.tournaments.length,
      ...sync,
      complete: read.complete,
      events,
    },
    reader.feeds === "reminders"
      ? "read the open tournaments for reminders"
      : "read the open tournaments for tournament events",
  );
  return { kind: "read", sync, complete: read.complete, events };
}

function dropOvertaken(deps: ReminderDeps, guildId: string): PollOutcome {
  deps.logger.info(
    { guildId },
    "a later read of the open tournaments was written first; this one is dropped",
  );
  return { kind: "overtaken" };
}

async function scheduleReminders(
  deps: ReminderDeps,
  settings: ReminderSettings,
  read: OpenTournaments,
  now: number,
): Promise<ReminderSync | "overtaken" | undefined> {
  const plan = planReminders({ tournaments: read.tournaments, leadMinutes: settings.leadMinutes, now });
  const sync = await syncTournamentReminders(deps.db, {
    guildId: settings.guildId,
    ...plan,
    listedIds: [...listedIdsOf(read)],
    complete: read.complete,
    now,
    read: { claims: settings.readClaims, settingsCreatedAt: settings.createdAt },
  });
  if (sync !== undefined && sync !== "overtaken" && sync.gone > 0) deps.metrics.skipped("gone", sync.gone);
  return sync;
}

/**
 * A tournament the platform lists without a start or a title gets no reminder or event, and the others
 * theirs; listed by its id, it is not taken as gone (listedIdsOf; docs/platform-assumptions.md).
 */
function warnOfUnreadable(
  deps: ReminderDeps,
  guildId: string,
  reads: readonly (OpenTournaments | undefined)[],
): void {
  const unreadable = reads.flatMap((read) => read?.unreadable ?? []);
  if (unreadable.length === 0) return;
  deps.logger.warn(
    { guildId, unreadable: unreadable.slice(0, 10), count: unreadable.length },
    "the platform listed tournaments the bot cannot read: they get no reminder or event, the others do",
  );
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

async function holdReads(
  deps: ReminderDeps,
  reader: TournamentReader,
  problem: LinkProblem,
): Promise<PollOutcome> {
  const told = await recordReaderProblem(deps, reader, {
    problem: describeLinkProblem(problem),
    now: deps.clock.now(),
  });
  if (told) await tellAdminsReadOnHold(deps, reader, problem);
  deps.logger.debug(
    { guildId: reader.settings.guildId, problem: describeLinkProblem(problem) },
    `${describeReadsOf(reader)} on hold: the open tournaments were not read`,
  );
  return { kind: "link-problem", problem, told };
}

/**
 * The active tournaments, for the ends of started tournaments' events; undefined when the read failed. Only the
 * events' ends wait on it: a failure other than the member's link is logged, and the reminders and the open
 * tournaments' events are kept in line all the same.
 */
async function readActive(
  deps: ReminderDeps,
  credential: PlatformCredential,
  reader: TournamentReader,
): Promise<OpenTournaments | undefined> {
  try {
    return await readEveryTournamentIn(deps.platform, credential, "active");
  } catch (error) {
    if (readLinkProblem(error) !== undefined) throw error;
    deps.logger.warn(
      { guildId: reader.settings.guildId, err: error },
      `could not read the active tournaments for ${describeReadsOf(reader)}; the events' ends wait for the next read`,
    );
    return undefined;
  }
}
