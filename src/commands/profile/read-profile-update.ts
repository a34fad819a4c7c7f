import { z } from "zod";
import type { ProfileUpdate } from "../../api/schemas/user.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { profileFieldIds } from "./profile-fields.js";
import { fingerprintText, type OpenedProfileForm } from "./profile-form-fingerprints.js";

const webAddressSchema = z.url({ protocol: /^https?$/, hostname: /^[^.\s]+(\.[^.\s]+)*$/ });

/**
 * The profile form's answers as an update: a field is sent only when its input differs from what the form
 * opened with, an emptied one as `""`, which clears it on the platform (docs/platform-assumptions.md, "Profile
 * fields"); the website must be an http(s) address.
 */
export function readProfileUpdate(
  fields: Readonly<Record<string, string>>,
  opened: OpenedProfileForm,
): ProfileUpdate {
  const update = Object.fromEntries(
    profileFieldIds.map((id) => {
      // Discord sends every input, empty or not; one missing from a submission is left as it is.
      const value = fields[id]?.trim();
      return [id, value === undefined || fingerprintText(value) === opened[id] ? undefined : value];
    }),
  ) as ProfileUpdate;
  if (
    update.website !== undefined &&
    update.website !== "" &&
    !webAddressSchema.safeParse(update.website).success
  ) {
    throw new UserFacingError(
      "invalid_website",
      "The website must be a full web address starting with `http://` or `https://`, e.g. " +
        "`https://example.com`. Nothing was changed.",
    );
  }
  if (Object.values(update).every((value) => value === undefined)) {
    throw new UserFacingError(
      "nothing_to_change",
      "Nothing to change: every field is as it was when the form opened.",
    );
  }
  return update;
}
