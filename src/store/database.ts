// The one description of the schema the migrations build (docs/conventions.md, "Database code"). Timestamps
// are milliseconds since the epoch everywhere: INTEGER in SQLite, bigint in PostgreSQL read back as a number
// (open-postgres.ts). Ids are app-generated (ids.ts), so no column depends on a dialect's auto-increment. The
// tables' columns are described by area in the files imported here (column-types.ts has their shared shapes).
import type {
  GuildSettingsTable,
  LinkedRoleStatesTable,
  LinkRefreshLeasesTable,
  MemberLinksTable,
  OAuthStatesTable,
  PersonalLinksTable,
  RoleConnectionsTable,
  RoleConnectionWritesTable,
  TokenRevocationsTable,
  SubscriptionsTable,
} from "./linking-tables.js";
import type {
  GuildRemovalsTable,
  InboxEventsTable,
  OperatorWebhookSecretsTable,
  SeenInteractionsTable,
  WebhookChangeLeasesTable,
  WebhookEndpointsTable,
  WebhookRetiredSecretsTable,
  WriteProbeTable,
} from "./webhook-tables.js";
import type {
  BattleAnswersTable,
  BattleCardsTable,
  BattleThreadPausesTable,
  MessageThreadsTable,
  MemberTeamsTable,
  OutboxTable,
} from "./posting-tables.js";
import type {
  DigestWeeksTable,
  GuildRoleSettingsTable,
  LeaderboardRefreshesTable,
  MemberActivityTable,
  MemberTierRolesTable,
  PlatformUsersTable,
  ReminderRoleGrantsTable,
  ReminderSettingsTable,
  TierRolesTable,
  TiersTable,
  TournamentRemindersTable,
} from "./community-tables.js";
import type { TournamentEventSettingsTable, TournamentEventsTable } from "./tournament-event-tables.js";

export type * from "./linking-tables.js";
export type * from "./webhook-tables.js";
export type * from "./posting-tables.js";
export type * from "./community-tables.js";
export type * from "./tournament-event-tables.js";

export interface Database {
  member_links: MemberLinksTable;
  oauth_states: OAuthStatesTable;
  personal_links: PersonalLinksTable;
  guild_settings: GuildSettingsTable;
  subscriptions: SubscriptionsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_retired_secrets: WebhookRetiredSecretsTable;
  webhook_change_leases: WebhookChangeLeasesTable;
  link_refresh_leases: LinkRefreshLeasesTable;
  operator_webhook_secrets: OperatorWebhookSecretsTable;
  inbox_events: InboxEventsTable;
  outbox: OutboxTable;
  battle_cards: BattleCardsTable;
  battle_answers: BattleAnswersTable;
  battle_thread_pauses: BattleThreadPausesTable;
  message_threads: MessageThreadsTable;
  member_teams: MemberTeamsTable;
  platform_users: PlatformUsersTable;
  seen_interactions: SeenInteractionsTable;
  guild_removals: GuildRemovalsTable;
  tiers: TiersTable;
  guild_role_settings: GuildRoleSettingsTable;
  tier_roles: TierRolesTable;
  member_tier_roles: MemberTierRolesTable;
  reminder_settings: ReminderSettingsTable;
  reminder_role_grants: ReminderRoleGrantsTable;
  tournament_reminders: TournamentRemindersTable;
  tournament_event_settings: TournamentEventSettingsTable;
  tournament_events: TournamentEventsTable;
  member_activity: MemberActivityTable;
  leaderboard_refreshes: LeaderboardRefreshesTable;
  digest_weeks: DigestWeeksTable;
  write_probe: WriteProbeTable;
  linked_role_states: LinkedRoleStatesTable;
  role_connections: RoleConnectionsTable;
  role_connection_writes: RoleConnectionWritesTable;
  token_revocations: TokenRevocationsTable;
}
