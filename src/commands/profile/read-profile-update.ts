import { z } from "zod";
import type { ProfileUpdate } from "../../api/schemas/user.js";
import { UserFacingError } from "../../discord/user-facing-error.js";

/** The modal's text inputs, named after the PUT /users/me fields (the platform's API reference, User). */
export const profileFieldIds = [
  "displayName",
  "bio",
  "location",
  "website",
] as const satisfies readonly (keyof ProfileUpdate)[];

export type ProfileFieldId = (typeof profileFieldIds)[number];

const webAddressSchema = z.url({ protocol: /^https?$/, hostname: /^[^.\s]+(\.[^.\s]+)*$/ });

function readField(fields: Readonly<Record<string, string>>, id: ProfileFieldId): string | undefined {
  const value = fields[id]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

/**
 * The profile modal's answers as an update: empty fields are left out, so they stay unchanged on the
 * platform; the website must be an http(s) address.
 */
export function readProfileUpdate(fields: Readonly<Record<string, string>>): ProfileUpdate {
  const update = {
    displayName: readField(fields, "displayName"),
    bio: readField(fields, "bio"),
    location: readField(fields, "location"),
    website: readField(fields, "website"),
  };
  if (update.website !== undefined && !webAddressSchema.safeParse(update.website).success) {
    throw new UserFacingError(
      "invalid_website",
      "The website must be a full web address starting with `http://` or `https://`, e.g. " +
        "`https://example.com`. Nothing was changed.",
    );
  }
  if (Object.values(update).every((value) => value === undefined)) {
    throw new UserFacingError(
      "nothing_to_change",
      "Nothing to change: fill in at least one field. Fields left empty keep their current value.",
    );
  }
  return update;
}
