// The platform users an event names, with their usernames where the event gives them: whose links are
// loaded to mention them, and whom the generic announcement lists.
import type { KnownPlatformEvent, UserRef } from "../events/index.js";

export function listEventUsers(event: KnownPlatformEvent): UserRef[] {
  switch (event.kind) {
    case "battle.created":
      return distinct([
        event.data.createdBy,
        ...event.data.participants.map((player) => ({ id: player.userId, username: player.username })),
      ]);
    case "battle.started":
    case "battle.completed":
      return distinct(
        event.data.participants.map((player) => ({ id: player.userId, username: player.username })),
      );
    case "battle.submission":
      return distinct([event.data.user]);
    case "team.battle_completed":
      return distinct(
        event.data.teams.flatMap((team) => team.memberIds.map((id) => ({ id, username: undefined }))),
      );
    case "user.registered":
    case "user.profile_updated":
    case "user.achievement_earned":
    case "user.rating_changed":
      return [event.data.user];
    case "team.created":
      return distinct([event.data.owner]);
    case "team.member_joined":
      return distinct([event.data.user]);
    case "system.leaderboard_updated":
      return distinct(event.data.top.map((entry) => ({ id: entry.userId, username: entry.username })));
    case "system.tournament_started":
    case "system.maintenance_scheduled":
      return [];
  }
}

function distinct(users: readonly (UserRef | undefined)[]): UserRef[] {
  const byId = new Map<string, UserRef>();
  for (const user of users) {
    if (user === undefined || user.id === "") continue;
    const known = byId.get(user.id);
    if (known === undefined || known.username === undefined) byId.set(user.id, user);
  }
  return [...byId.values()];
}
