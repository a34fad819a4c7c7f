// One data schema per event kind (docs/conventions.md, habit 7: the kind list lives in
// src/events/event-kinds.ts).
import type { z } from "zod";
import type { EventKind } from "../event-kinds.js";
import {
  battleCompletedDataSchema,
  battleCreatedDataSchema,
  battleStartedDataSchema,
  battleSubmissionDataSchema,
  type BattleCompletedData,
  type BattleCreatedData,
  type BattleStartedData,
  type BattleSubmissionData,
} from "./battle-events.js";
import {
  leaderboardUpdatedDataSchema,
  maintenanceScheduledDataSchema,
  tournamentStartedDataSchema,
  type LeaderboardUpdatedData,
  type MaintenanceScheduledData,
  type TournamentStartedData,
} from "./system-events.js";
import {
  teamBattleCompletedDataSchema,
  teamCreatedDataSchema,
  teamMemberJoinedDataSchema,
  type TeamBattleCompletedData,
  type TeamCreatedData,
  type TeamMemberJoinedData,
} from "./team-events.js";
import {
  achievementEarnedDataSchema,
  ratingChangedDataSchema,
  userProfileUpdatedDataSchema,
  userRegisteredDataSchema,
  type AchievementEarnedData,
  type RatingChangedData,
  type UserProfileUpdatedData,
  type UserRegisteredData,
} from "./user-events.js";

/** The normalised `data` of each kind. */
export interface EventDataByKind {
  "battle.created": BattleCreatedData;
  "battle.started": BattleStartedData;
  "battle.completed": BattleCompletedData;
  "battle.submission": BattleSubmissionData;
  "user.registered": UserRegisteredData;
  "user.profile_updated": UserProfileUpdatedData;
  "user.achievement_earned": AchievementEarnedData;
  "user.rating_changed": RatingChangedData;
  "team.created": TeamCreatedData;
  "team.member_joined": TeamMemberJoinedData;
  "team.battle_completed": TeamBattleCompletedData;
  "system.maintenance_scheduled": MaintenanceScheduledData;
  "system.tournament_started": TournamentStartedData;
  "system.leaderboard_updated": LeaderboardUpdatedData;
}

export const eventDataSchemas: { readonly [K in EventKind]: z.ZodType<EventDataByKind[K]> } = {
  "battle.created": battleCreatedDataSchema,
  "battle.started": battleStartedDataSchema,
  "battle.completed": battleCompletedDataSchema,
  "battle.submission": battleSubmissionDataSchema,
  "user.registered": userRegisteredDataSchema,
  "user.profile_updated": userProfileUpdatedDataSchema,
  "user.achievement_earned": achievementEarnedDataSchema,
  "user.rating_changed": ratingChangedDataSchema,
  "team.created": teamCreatedDataSchema,
  "team.member_joined": teamMemberJoinedDataSchema,
  "team.battle_completed": teamBattleCompletedDataSchema,
  "system.maintenance_scheduled": maintenanceScheduledDataSchema,
  "system.tournament_started": tournamentStartedDataSchema,
  "system.leaderboard_updated": leaderboardUpdatedDataSchema,
};
