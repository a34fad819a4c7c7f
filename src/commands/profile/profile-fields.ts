import type { ProfileUpdate } from "../../api/schemas/user.js";

/** The profile form's text inputs, named after the PUT /users/me fields (the platform's API reference, User). */
export const profileFieldIds = [
  "displayName",
  "bio",
  "location",
  "website",
] as const satisfies readonly (keyof ProfileUpdate)[];

export type ProfileFieldId = (typeof profileFieldIds)[number];

/** Each input's label in the form, and in the text given back when a submission fails. */
export const profileFieldLabels: Readonly<Record<ProfileFieldId, string>> = {
  displayName: "Display name",
  bio: "Bio",
  location: "Location",
  website: "Website",
};
