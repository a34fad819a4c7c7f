// What an event does for Linked Roles, in the transaction that stores it (docs/architecture.md, "Linked Roles"):
// an event that changes what a member's role connection shows (their rating or tier, their battles won) queues
// a write for every Discord user verified for Linked Roles and linked to that platform account. The write
// reads the member's values from the platform with their own credential, so a server's own endpoint, whose
// admins could invent an event, only ever causes a read of the truth, and reaches its own server's members.
import type { KnownPlatformEvent } from "../../events/platform-event.js";
import { nothingQueued, type EventStoredSubscriber } from "../../store/event-stored-subscribers.js";
import { queueRoleConnectionsOfPlatformUsers } from "../../store/role-connection-writes.js";

/** Players considered per event, as the weekly digest's read model caps them: real events name a few. */
const maxUsersPerEvent = 200;

/** Reports in `roleConnectionsQueued` how many Discord users' connections were queued. */
export const queueRoleConnections: EventStoredSubscriber = async (trx, event, context) => {
  const platformUserIds = listPlayersWhoseConnectionChanged(event).slice(0, maxUsersPerEvent);
  if (platformUserIds.length === 0) return nothingQueued;
  const roleConnectionsQueued = await queueRoleConnectionsOfPlatformUsers(trx, {
    platformUserIds,
    guildId: context.guildId,
    cause: event.kind,
    now: context.now,
  });
  return { roleConnectionsQueued };
};

/**
 * The platform accounts whose connection values the event changes: `user.rating_changed` (the rating, and the
 * tier when it moved), `battle.completed` and `team.battle_completed` (battles won; a rated battle's rating
 * change arrives as its own `user.rating_changed` too, and the two coalesce when they come close together).
 */
export function listPlayersWhoseConnectionChanged(event: KnownPlatformEvent): string[] {
  switch (event.kind) {
    case "user.rating_changed":
      return [event.data.user.id];
    case "battle.completed":
      return event.data.participants.map((player) => player.userId);
    case "team.battle_completed":
      return event.data.teams.flatMap((team) => team.memberIds);
    default:
      return [];
  }
}
