// `data` of the user events. The platform's API reference shows user.achievement_earned; the other shapes
// follow what the sandbox emits (sandbox/webhooks/event-data.ts). Emails are never kept: nothing posts them.
import { z } from "zod";
import {
  idSchema,
  optionalId,
  optionalNumber,
  optionalRating,
  optionalText,
  optionalTextList,
  optionalTimestamp,
  optionalUserRef,
  pickUser,
  type UserRef,
} from "./fields.js";

export interface UserRegisteredData {
  readonly user: UserRef;
  readonly rating: number | undefined;
  readonly tier: string | undefined;
  readonly joinedAt: number | undefined;
}

export interface UserProfileUpdatedData {
  readonly user: UserRef;
  readonly changedFields: readonly string[];
  readonly profile:
    | {
        readonly displayName: string | undefined;
        readonly bio: string | undefined;
        readonly location: string | undefined;
        readonly website: string | undefined;
      }
    | undefined;
}

export interface AchievementEarnedData {
  readonly user: UserRef;
  readonly achievement: {
    readonly id: string | undefined;
    readonly name: string | undefined;
    readonly description: string | undefined;
    readonly tier: string | undefined;
    readonly points: number | undefined;
  };
  readonly progress:
    | {
        readonly current: number | undefined;
        readonly required: number | undefined;
        readonly completedAt: number | undefined;
      }
    | undefined;
}

export interface RatingChangedData {
  readonly user: UserRef;
  readonly oldRating: number | undefined;
  readonly newRating: number | undefined;
  /** new − old; computed when the platform leaves it out and both ratings are known. */
  readonly change: number | undefined;
  readonly tier: string | undefined;
  readonly previousTier: string | undefined;
  readonly battleId: string | undefined;
  /**
   * The tournament the change came from, and its title: the platform's API reference does not show this
   * event's data, and the sandbox sends a battle id only; read when present (`tournament_id`, or a
   * `tournament` object or id; `tournament_title` or the object's `title`).
   */
  readonly tournamentId: string | undefined;
  readonly tournamentTitle: string | undefined;
}

/** A tournament named by its id, or as `{ id, title }` (`name` read as the title). */
const tournamentRefSchema = z
  .union([
    idSchema.transform((id) => ({ id, title: undefined })),
    z
      .object({ id: optionalId, title: optionalText, name: optionalText })
      .transform((ref) => ({ id: ref.id, title: ref.title ?? ref.name })),
  ])
  .optional()
  .catch(undefined);

/** Where a user event names its user: `user`, `user_id`, or the data's own `id`. */
const userFields = { id: optionalId, user: optionalUserRef, user_id: optionalId };

export const userRegisteredDataSchema: z.ZodType<UserRegisteredData> = z
  .object({
    ...userFields,
    username: optionalText,
    rating: optionalRating,
    tier: optionalText,
    joined_at: optionalTimestamp,
  })
  .transform((raw, context): UserRegisteredData => {
    const user = pickUser(context, { user: raw.user, userId: raw.user_id, id: raw.id });
    if (user === undefined) return z.NEVER;
    return {
      user: { id: user.id, username: user.username ?? raw.username },
      rating: raw.rating,
      tier: raw.tier,
      joinedAt: raw.joined_at,
    };
  });

const profileSchema = z
  .object({ display_name: optionalText, bio: optionalText, location: optionalText, website: optionalText })
  .optional()
  .catch(undefined);

export const userProfileUpdatedDataSchema: z.ZodType<UserProfileUpdatedData> = z
  .object({ ...userFields, changed_fields: optionalTextList, profile: profileSchema })
  .transform((raw, context): UserProfileUpdatedData => {
    const user = pickUser(context, { user: raw.user, userId: raw.user_id, id: raw.id });
    if (user === undefined) return z.NEVER;
    const { profile } = raw;
    return {
      user,
      changedFields: raw.changed_fields,
      profile:
        profile === undefined
          ? undefined
          : {
              displayName: profile.display_name,
              bio: profile.bio,
              location: profile.location,
              website: profile.website,
            },
    };
  });

const achievementSchema = z
  .object({
    id: optionalId,
    name: optionalText,
    description: optionalText,
    tier: optionalText,
    points: optionalNumber,
  })
  .optional()
  .catch(undefined);

const progressSchema = z
  .object({ current: optionalNumber, required: optionalNumber, completed_at: optionalTimestamp })
  .optional()
  .catch(undefined);

/** As the spec shows: `object: "achievement"`, so the data's own `id` is the achievement's, not the user's. */
export const achievementEarnedDataSchema: z.ZodType<AchievementEarnedData> = z
  .object({
    id: optionalId,
    achievement_id: optionalId,
    user: optionalUserRef,
    user_id: optionalId,
    achievement: achievementSchema,
    progress: progressSchema,
  })
  .transform((raw, context): AchievementEarnedData => {
    const user = pickUser(context, { user: raw.user, userId: raw.user_id, id: undefined });
    if (user === undefined) return z.NEVER;
    const { achievement, progress } = raw;
    return {
      user,
      achievement: {
        id: achievement?.id ?? raw.id ?? raw.achievement_id,
        name: achievement?.name,
        description: achievement?.description,
        tier: achievement?.tier,
        points: achievement?.points,
      },
      progress:
        progress === undefined
          ? undefined
          : { current: progress.current, required: progress.required, completedAt: progress.completed_at },
    };
  });

export const ratingChangedDataSchema: z.ZodType<RatingChangedData> = z
  .object({
    ...userFields,
    old_rating: optionalRating,
    new_rating: optionalRating,
    change: optionalRating,
    tier: optionalText,
    previous_tier: optionalText,
    battle_id: optionalId,
    tournament_id: optionalId,
    tournament_title: optionalText,
    tournament: tournamentRefSchema,
  })
  .transform((raw, context): RatingChangedData => {
    const user = pickUser(context, { user: raw.user, userId: raw.user_id, id: raw.id });
    if (user === undefined) return z.NEVER;
    const computed =
      raw.old_rating === undefined || raw.new_rating === undefined
        ? undefined
        : raw.new_rating - raw.old_rating;
    return {
      user,
      oldRating: raw.old_rating,
      newRating: raw.new_rating,
      change: raw.change ?? computed,
      tier: raw.tier,
      previousTier: raw.previous_tier,
      battleId: raw.battle_id,
      tournamentId: raw.tournament_id ?? raw.tournament?.id,
      tournamentTitle: raw.tournament_title ?? raw.tournament?.title,
    };
  });
