// One announcement per event kind (docs/architecture.md, "Rendering"): the renderer for the kind, made into a
// message with the guild's linked members mentioned; the leaderboard refresh is the server's weekly digest,
// which pings nobody; a test delivery is labelled and pings nobody either (test-event.ts). Pure: the outbox
// renderer loads what it needs first.
import type { MessageBody } from "../discord/message-limits.js";
import type { KnownPlatformEvent, PlatformEventOf } from "../events/index.js";
import { toMessageBody, type Announcement } from "./announcement.js";
import { renderBattleCompleted } from "./battle-completed.js";
import { renderBattleCreated } from "./battle-created.js";
import { renderBattleStarted } from "./battle-started.js";
import { renderBattleSubmission } from "./battle-submission.js";
import { renderGenericEvent } from "./generic-event.js";
import type { RenderContext } from "./render-context.js";
import { markAsTestEvent, testEventContext } from "./test-event.js";
import { renderServerWeek } from "./server-week-digest.js";
import { renderMaintenanceScheduled } from "./system-maintenance-scheduled.js";
import { renderTournamentStarted } from "./system-tournament-started.js";
import { renderTeamBattleCompleted } from "./team-battle-completed.js";
import { renderTeamCreated } from "./team-created.js";
import { renderTeamMemberJoined } from "./team-member-joined.js";
import { renderAchievementEarned } from "./user-achievement-earned.js";
import { renderRatingChanged } from "./user-rating-changed.js";

/** Every kind but the weekly refresh, which is rendered as the server's digest (server-week-digest.ts). */
export type AnnouncedEvent = Exclude<KnownPlatformEvent, PlatformEventOf<"system.leaderboard_updated">>;

export function renderEvent(event: KnownPlatformEvent, context: RenderContext): MessageBody {
  if (event.test) return markAsTestEvent(renderEventOfKind(event, testEventContext(context)));
  return renderEventOfKind(event, context);
}

function renderEventOfKind(event: KnownPlatformEvent, context: RenderContext): MessageBody {
  if (event.kind === "system.leaderboard_updated") return renderServerWeek(event, context);
  return toMessageBody(renderAnnouncement(event, context), context);
}

export function renderAnnouncement(event: AnnouncedEvent, context: RenderContext): Announcement {
  switch (event.kind) {
    case "battle.created":
      return renderBattleCreated(event, context);
    case "battle.started":
      return renderBattleStarted(event, context);
    case "battle.submission":
      return renderBattleSubmission(event, context);
    case "battle.completed":
      return renderBattleCompleted(event, context);
    case "user.rating_changed":
      return renderRatingChanged(event, context);
    case "user.achievement_earned":
      return renderAchievementEarned(event, context);
    case "team.created":
      return renderTeamCreated(event, context);
    case "team.member_joined":
      return renderTeamMemberJoined(event, context);
    case "team.battle_completed":
      return renderTeamBattleCompleted(event, context);
    case "system.tournament_started":
      return renderTournamentStarted(event);
    case "system.maintenance_scheduled":
      return renderMaintenanceScheduled(event);
    case "user.registered":
    case "user.profile_updated":
      return renderGenericEvent(event, context);
  }
}
