// What every platform event the receiver accepts does besides its posts, in the transaction that stores it
// (docs/architecture.md, "Webhooks in" step 3). A feature that keeps something beside the inbox adds its
// subscriber here; the receiver runs them in this order without naming any.
import { startTournamentEvents } from "../reminders/events/start-tournament-events.js";
import { stopStartedReminders } from "../reminders/stop-started-reminders.js";
import { queueTierRoles } from "../roles/queue-tier-roles.js";
import { queueRoleConnections } from "../roles/role-connections/queue-role-connections.js";
import { recordBattleCardEnds } from "../store/battle-cards.js";
import type { EventStoredSubscriber } from "../store/event-stored-subscribers.js";
import { recordLeaderboardRefreshes } from "../store/leaderboard-refreshes.js";
import { recordEventActivity } from "../store/member-activity-facts.js";

export const eventStoredSubscribers: readonly EventStoredSubscriber[] = [
  // The weekly digest's read model (docs/architecture.md, "The weekly digest"), and the refreshes that bound
  // its weeks.
  recordEventActivity,
  recordLeaderboardRefreshes,
  // docs/architecture.md, "Tier roles".
  queueTierRoles,
  // docs/architecture.md, "Linked Roles": verified members' connections follow their rating and wins.
  queueRoleConnections,
  // docs/architecture.md, "Tournament reminders": none is sent once its tournament started.
  stopStartedReminders,
  // docs/architecture.md, "Tournament events": its scheduled events become active.
  startTournamentEvents,
  // docs/architecture.md, "Commands": a finished battle's card is no longer suggested to join.
  recordBattleCardEnds,
];
