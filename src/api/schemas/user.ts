import { z } from "zod";
import { numberSchema, optional, timestampSchema } from "./primitives.js";

// User shapes of the platform's API reference, "Resources › User".

export interface PlatformUser {
  readonly id: string;
  readonly username: string;
  readonly email: string | undefined;
  readonly rating: number | undefined;
  /** e.g. `platinum`, `grandmaster`; the full list is not shown. */
  readonly tier: string | undefined;
  readonly joinedAt: string | undefined;
  // The fields PUT /users/me sets, when the platform returns them (docs/platform-assumptions.md,
  // "Profile fields"); undefined when unset.
  readonly displayName: string | undefined;
  readonly bio: string | undefined;
  readonly location: string | undefined;
  readonly website: string | undefined;
}

/** A profile field: absent, null and "" all read as unset (docs/platform-assumptions.md, "Profile fields"). */
const profileTextSchema = optional(z.string()).transform((value) => (value === "" ? undefined : value));

export const platformUserSchema: z.ZodType<PlatformUser> = z.object({
  id: z.string(),
  username: z.string(),
  email: optional(z.string()),
  rating: optional(numberSchema),
  tier: optional(z.string()),
  joinedAt: optional(timestampSchema),
  displayName: profileTextSchema,
  bio: profileTextSchema,
  location: profileTextSchema,
  website: profileTextSchema,
});

/** PUT /users/me: a field left undefined stays as it is, "" clears it (docs/platform-assumptions.md). */
export interface ProfileUpdate {
  readonly displayName?: string | undefined;
  readonly bio?: string | undefined;
  readonly location?: string | undefined;
  readonly website?: string | undefined;
}

export interface ProfileUpdateResult {
  readonly success: boolean;
  readonly user: {
    readonly id: string;
    readonly username: string;
    readonly displayName: string | undefined;
    readonly bio: string | undefined;
  };
}

export const profileUpdateResultSchema: z.ZodType<ProfileUpdateResult> = z.object({
  success: z.boolean(),
  user: z.object({
    id: z.string(),
    username: z.string(),
    displayName: profileTextSchema,
    bio: profileTextSchema,
  }),
});

export interface UserStats {
  readonly totalBattles: number;
  readonly wins: number;
  readonly losses: number;
  /** Between 0 and 1. */
  readonly winRate: number;
  /** Seconds (assumed). */
  readonly averageTime: number | undefined;
  readonly rating: number | undefined;
  /** The spec sends a string with a sign prefix ("+25"); a plain number is accepted too. */
  readonly ratingChange: number | undefined;
}

const signedNumberSchema = z.union([
  numberSchema,
  z
    .string()
    .trim()
    .regex(/^[+\-\u2212]?\d+(\.\d+)?$/, "should be a signed number")
    .transform((text) => Number(text.replace("\u2212", "-"))),
]);

export const userStatsSchema: z.ZodType<UserStats> = z.object({
  totalBattles: numberSchema,
  wins: numberSchema,
  losses: numberSchema,
  winRate: numberSchema,
  averageTime: optional(numberSchema),
  rating: optional(numberSchema),
  ratingChange: optional(signedNumberSchema),
});
