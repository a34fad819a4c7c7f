import type { ProfileUpdate } from "../../api/schemas/user.js";

/** The profile form's text inputs, named after the PUT /users/me fields (the platform's API reference, User). */
export const profileFieldIds = [
  "displayName",
  "bio",
  "location",
  "website",
] as const satisfies readonly (keyof ProfileUpdate)[];

export type ProfileFieldId = (typeof profileFieldIds)[number];
