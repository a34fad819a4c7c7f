// What an event does for Linked Roles, in the transaction that stores it (docs/architecture.md, "Linked Roles"):
// an event that changes what a member's role connection shows (their rating or tier, their battles won) queues
// a write for every Discord user verified for Linked Roles and linked to that platform account. The write
// reads the member's values from the platform with their own credential, so a server's own endpoint, whose
// admins could invent an event, only ever causes a read of the truth, and reaches its own server's members.
import type { KnownPlatformEvent } from "../../events/platform-event.js";
import {
  nothingQueued,
  type EventStoredSubscriber,
  type QueuedWork,
} from "../../store/event-stored-subscribers.js";
import { listVerifiedUsersOf, queueRoleConnectionWrite } from "../../store/role-connection-writes.js";

/** Players considered per event, as the weekly digest's read model caps them: real events name a few. */
const maxUsersPerEvent = 200;

/**
 * Reports in `roleConnectionsQueued` how many Discord users' connections each event queued. The verified users
 * of all the transaction's players are read at once per reach (every server, or one server's own endpoint),
 * and each user's write is queued once, for the last event that concerns them.
 */
export const queueRoleConnections: EventStoredSubscriber = async (trx, stored) => {
  const concerned = stored.map(({ event, context }, index) => ({
    index,
    event,
    context,
    players: listPlayersWhoseConnectionChanged(event).slice(0, maxUsersPerEvent),
  }));
  const reaches = new Map<string | undefined, typeof concerned>();
  for (const each of concerned) {
    if (each.players.length === 0) continue;
    const reach = reaches.get(each.context.guildId) ?? [];
    reach.push(each);
    reaches.set(each.context.guildId, reach);
  }
  const queued: QueuedWork[] = stored.map(() => nothingQueued);
  const writes = new Map<string, { readonly index: number; readonly cause: string; readonly now: number }>();
  for (const [guildId, reach] of reaches) {
    const verified = await listVerifiedUsersOf(trx, {
      platformUserIds: reach.flatMap(({ players }) => players),
      guildId,
    });
    for (const { index, event, context, players } of reach) {
      const users = new Set(players.flatMap((player) => [...(verified.get(player) ?? [])]));
      if (users.size === 0) continue;
      queued[index] = { roleConnectionsQueued: users.size };
      for (const userId of users) {
        // Reaches are read one after another: the last event by the commit's order wins, whatever its reach.
        if ((writes.get(userId)?.index ?? -1) < index)
          writes.set(userId, { index, cause: event.kind, now: context.now });
      }
    }
  }
  for (const [userId, { cause, now }] of [...writes].sort(([left], [right]) => left.localeCompare(right))) {
    await queueRoleConnectionWrite(trx, { userId, cause, now });
  }
  return queued;
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
