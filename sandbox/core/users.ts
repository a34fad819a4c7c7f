import { conflict } from "../errors.js";
import { newId } from "../ids.js";
import type { SandboxState, User } from "../state.js";
import { profileUpdatedData, userRegisteredData } from "../webhooks/event-data.js";
import type { CoreDeps, EventCause } from "./deps.js";
import { findUserByUsername } from "./lookups.js";

/** A new platform account starts at this rating (the spec does not say). */
export const initialRating = 1500;

export interface NewUser {
  username: string;
  email?: string | undefined;
  rating?: number | undefined;
}

/** Adds a user without announcing it; seeding uses this directly. */
export function insertUser(state: SandboxState, input: NewUser, now: number): User {
  if (findUserByUsername(state, input.username) !== undefined) {
    throw conflict(`username ${input.username} is taken`);
  }
  const user: User = {
    id: newId("usr"),
    username: input.username,
    email: input.email ?? `${input.username.toLowerCase()}@sandbox.example`,
    rating: input.rating ?? initialRating,
    joinedAt: now,
    displayName: null,
    bio: null,
    location: null,
    website: null,
  };
  state.users.set(user.id, user);
  recordRating(state, user.id, now, user.rating);
  return user;
}

/** Registers an account and emits `user.registered`. */
export function registerUser(deps: CoreDeps, cause: EventCause, input: NewUser): User {
  const user = insertUser(deps.state, input, deps.clock.now());
  deps.publish("user.registered", userRegisteredData(user), cause);
  return user;
}

export function recordRating(state: SandboxState, userId: string, at: number, rating: number): void {
  const history = state.ratingHistory.get(userId) ?? [];
  history.push({ at, rating });
  state.ratingHistory.set(userId, history);
}

export interface ProfileChanges {
  displayName?: string | undefined;
  bio?: string | undefined;
  location?: string | undefined;
  website?: string | undefined;
}

/** Applies the fields sent, an empty string clearing its field; emits `user.profile_updated` when anything was sent. */
export function updateProfile(deps: CoreDeps, cause: EventCause, user: User, changes: ProfileChanges): User {
  const changed: string[] = [];
  for (const field of ["displayName", "bio", "location", "website"] as const) {
    const value = changes[field];
    if (value === undefined) continue;
    user[field] = value === "" ? null : value;
    changed.push(field);
  }
  if (changed.length > 0) deps.publish("user.profile_updated", profileUpdatedData(user, changed), cause);
  return user;
}
