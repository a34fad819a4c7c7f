// Seeded accounts across the tier ladder, each with a synthetic weekly rating history so rank charts
// have something to draw from the first minute.
import { insertUser } from "../core/users.js";
import type { SandboxState, User } from "../state.js";

const day = 86_400_000;

export const seededUsers = [
  { username: "alice", rating: 2350 },
  { username: "bob", rating: 1850 },
  { username: "carol", rating: 1650 },
  { username: "dave", rating: 1450 },
  { username: "erin", rating: 1250 },
  { username: "frank", rating: 1050 },
  { username: "grace", rating: 2050 },
] as const;

export function seedUsers(state: SandboxState, now: number): User[] {
  return seededUsers.map(({ username, rating }, userIndex) => {
    const user = insertUser(state, { username, rating }, now - 120 * day);
    const history = Array.from({ length: 8 }, (_, week) => {
      const weeksAgo = 8 - week;
      const wobble = ((week * 37 + userIndex * 11) % 25) - 12;
      return { at: now - weeksAgo * 7 * day, rating: rating - weeksAgo * 12 + wobble };
    });
    state.ratingHistory.set(user.id, [
      { at: now - 120 * day, rating: rating - 150 },
      ...history,
      { at: now - day, rating },
    ]);
    return user;
  });
}
