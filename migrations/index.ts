// Every migration, listed statically so it is found the same way under tsx, vitest and a compiled build
// (a folder scan would depend on file extensions and paths). Add new ones at the end, named by ISO date.
import type { Migration } from "kysely";
import * as initial from "./2026-11-21T0000_initial.js";
import * as webhookRetiredSecrets from "./2026-11-24T0000_webhook_retired_secrets.js";
import * as seenInteractions from "./2026-11-24T0100_seen_interactions.js";
import * as guildRemovals from "./2026-11-25T0000_guild_removals.js";
import * as oauthStateNames from "./2026-11-25T0100_oauth_state_names.js";
import * as tierRoles from "./2026-11-26T0000_tier_roles.js";
import * as serverWeek from "./2026-11-27T0000_server_week.js";
import * as tournamentReminders from "./2026-11-27T0100_tournament_reminders.js";
import * as outboxGroups from "./2026-11-28T0000_outbox_groups.js";
import * as reminderChannelProblem from "./2026-11-29T0000_reminder_channel_problem.js";
import * as outboxSentAlone from "./2026-11-30T0000_outbox_sent_alone.js";
import * as operatorWebhookSecrets from "./2026-12-01T0000_operator_webhook_secrets.js";
import * as writeProbe from "./2026-12-01T0100_write_probe.js";
import * as oauthBrowserBinding from "./2026-12-01T0200_oauth_browser_binding.js";
import * as outboxPartialIndexes from "./2026-12-02T0000_outbox_partial_indexes.js";
import * as battleAnswers from "./2026-12-03T0000_battle_answers.js";
import * as memberTeams from "./2026-12-04T0000_member_teams.js";
import * as oauthExchangedAtCallback from "./2026-12-04T0100_oauth_exchanged_at_callback.js";
import * as linkedRoles from "./2026-12-05T0000_linked_roles.js";
import * as battleCardThreads from "./2026-12-06T0000_battle_card_threads.js";
import * as battleThreadPauses from "./2026-12-06T0100_battle_thread_pauses.js";
import * as tournamentEvents from "./2026-12-07T0000_tournament_events.js";
import * as roleConnectionWrites from "./2026-12-22T0000_role_connection_writes.js";
import * as personalLinks from "./2026-12-24T0000_personal_links.js";
import * as messageThreads from "./2026-12-26T0000_message_threads.js";
import * as tournamentEventReads from "./2026-12-27T0000_tournament_event_reads.js";
import * as tierRoleBackoff from "./2026-12-28T0000_tier_role_backoff.js";
import * as outboxHeldChannels from "./2026-12-29T0000_outbox_held_channels.js";
import * as oauthExchangeClaims from "./2026-12-30T0000_oauth_exchange_claims.js";
import * as tierRoleResumeMode from "./2026-12-31T0100_tier_role_resume_mode.js";
import * as tierRoleDrops from "./2026-12-31T0200_tier_role_drops.js";
import * as oneRoutePerChannel from "./2027-01-01T0000_one_route_per_channel.js";
import * as outboxTargetIndex from "./2027-01-02T0000_outbox_target_index.js";
import * as tokenRevocations from "./2027-01-03T0000_token_revocations.js";
import * as tournamentEventMisses from "./2027-01-04T0000_tournament_event_misses.js";
import * as leaderboardRefreshes from "./2027-01-05T0000_leaderboard_refreshes.js";
import * as reminderRoleGrants from "./2027-01-06T0000_reminder_role_grants.js";
import * as digestWeekClaims from "./2027-01-07T0000_digest_week_claims.js";
import * as activityTierAfter from "./2027-01-08T0000_activity_tier_after.js";
import * as webhookChangeLeases from "./2027-01-09T0000_webhook_change_leases.js";
import * as tournamentReminderMisses from "./2027-01-10T0000_tournament_reminder_misses.js";
import * as linkRefreshLeases from "./2027-01-11T0000_link_refresh_leases.js";
import * as memberTeamVisibility from "./2027-01-12T0000_member_team_visibility.js";
import * as battleCardEnds from "./2027-01-13T0000_battle_card_ends.js";
import * as reminderReadOrder from "./2027-01-14T0000_reminder_read_order.js";
import * as eventReadOrder from "./2027-01-15T0000_event_read_order.js";
import * as tierRoleOrderOwed from "./2027-01-16T0000_tier_role_order_owed.js";
import * as activityTierBefore from "./2027-01-17T0000_activity_tier_before.js";

export const migrations: Readonly<Record<string, Migration>> = {
  "2026-11-21T0000_initial": initial,
  "2026-11-24T0000_webhook_retired_secrets": webhookRetiredSecrets,
  "2026-11-24T0100_seen_interactions": seenInteractions,
  "2026-11-25T0000_guild_removals": guildRemovals,
  "2026-11-25T0100_oauth_state_names": oauthStateNames,
  "2026-11-26T0000_tier_roles": tierRoles,
  "2026-11-27T0000_server_week": serverWeek,
  "2026-11-27T0100_tournament_reminders": tournamentReminders,
  "2026-11-28T0000_outbox_groups": outboxGroups,
  "2026-11-29T0000_reminder_channel_problem": reminderChannelProblem,
  "2026-11-30T0000_outbox_sent_alone": outboxSentAlone,
  "2026-12-01T0000_operator_webhook_secrets": operatorWebhookSecrets,
  "2026-12-01T0100_write_probe": writeProbe,
  "2026-12-01T0200_oauth_browser_binding": oauthBrowserBinding,
  "2026-12-02T0000_outbox_partial_indexes": outboxPartialIndexes,
  "2026-12-03T0000_battle_answers": battleAnswers,
  "2026-12-04T0000_member_teams": memberTeams,
  "2026-12-04T0100_oauth_exchanged_at_callback": oauthExchangedAtCallback,
  "2026-12-05T0000_linked_roles": linkedRoles,
  "2026-12-06T0000_battle_card_threads": battleCardThreads,
  "2026-12-06T0100_battle_thread_pauses": battleThreadPauses,
  "2026-12-07T0000_tournament_events": tournamentEvents,
  "2026-12-22T0000_role_connection_writes": roleConnectionWrites,
  "2026-12-24T0000_personal_links": personalLinks,
  "2026-12-26T0000_message_threads": messageThreads,
  "2026-12-27T0000_tournament_event_reads": tournamentEventReads,
  "2026-12-28T0000_tier_role_backoff": tierRoleBackoff,
  "2026-12-29T0000_outbox_held_channels": outboxHeldChannels,
  "2026-12-30T0000_oauth_exchange_claims": oauthExchangeClaims,
  "2026-12-31T0100_tier_role_resume_mode": tierRoleResumeMode,
  "2026-12-31T0200_tier_role_drops": tierRoleDrops,
  "2027-01-01T0000_one_route_per_channel": oneRoutePerChannel,
  "2027-01-02T0000_outbox_target_index": outboxTargetIndex,
  "2027-01-03T0000_token_revocations": tokenRevocations,
  "2027-01-04T0000_tournament_event_misses": tournamentEventMisses,
  "2027-01-05T0000_leaderboard_refreshes": leaderboardRefreshes,
  "2027-01-06T0000_reminder_role_grants": reminderRoleGrants,
  "2027-01-07T0000_digest_week_claims": digestWeekClaims,
  "2027-01-08T0000_activity_tier_after": activityTierAfter,
  "2027-01-09T0000_webhook_change_leases": webhookChangeLeases,
  "2027-01-10T0000_tournament_reminder_misses": tournamentReminderMisses,
  "2027-01-11T0000_link_refresh_leases": linkRefreshLeases,
  "2027-01-12T0000_member_team_visibility": memberTeamVisibility,
  "2027-01-13T0000_battle_card_ends": battleCardEnds,
  "2027-01-14T0000_reminder_read_order": reminderReadOrder,
  "2027-01-15T0000_event_read_order": eventReadOrder,
  "2027-01-16T0000_tier_role_order_owed": tierRoleOrderOwed,
  "2027-01-17T0000_activity_tier_before": activityTierBefore,
};
