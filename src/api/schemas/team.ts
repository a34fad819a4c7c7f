import { z } from "zod";
import { numberSchema, optional, timestampSchema } from "./primitives.js";

// Team and invitation shapes of the platform's API reference, "Resources › Team and invitation".

export interface TeamCreateInput {
  readonly name: string;
  readonly description?: string | undefined;
  readonly isPublic?: boolean | undefined;
  readonly maxMembers?: number | undefined;
}

export interface Team {
  readonly id: string;
  readonly name: string;
  readonly description: string | undefined;
  readonly owner: { readonly id: string; readonly username: string } | undefined;
  /** Member count. */
  readonly members: number | undefined;
  readonly maxMembers: number | undefined;
  readonly isPublic: boolean | undefined;
  readonly createdAt: string | undefined;
}

export const teamSchema: z.ZodType<Team> = z.object({
  id: z.string(),
  name: z.string(),
  description: optional(z.string()),
  owner: optional(z.object({ id: z.string(), username: z.string() })),
  members: optional(numberSchema),
  maxMembers: optional(numberSchema),
  isPublic: optional(z.boolean()),
  createdAt: optional(timestampSchema),
});

export interface TeamInviteInput {
  readonly username: string;
  /** e.g. `member`; other roles are not shown. */
  readonly role: string;
}

export interface TeamInvitation {
  readonly id: string;
  readonly teamId: string;
  readonly inviteeId: string | undefined;
  readonly role: string | undefined;
  /** `pending` when created. */
  readonly status: string;
  readonly sentAt: string | undefined;
}

/** The invitation wrapper; `success: false` in a 2xx means the platform did not send it. */
export interface TeamInvitationResult {
  readonly success: boolean;
  readonly invitation: TeamInvitation;
}

export const teamInvitationResultSchema: z.ZodType<TeamInvitationResult> = z.object({
  success: z.boolean(),
  invitation: z.object({
    id: z.string(),
    teamId: z.string(),
    inviteeId: optional(z.string()),
    role: optional(z.string()),
    status: z.string(),
    sentAt: optional(timestampSchema),
  }),
});
