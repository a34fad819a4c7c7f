import { plainText } from "../../display/platform-text.js";
import type { ProfileUpdate, ProfileUpdateResult } from "../../api/schemas/user.js";
import type { Reply } from "../../discord/interaction-responder.js";

const labels = { displayName: "Display name", bio: "Bio", location: "Location", website: "Website" } as const;

/** Confirms PUT /users/me: the fields sent, as the platform echoed them where it did (display name, bio). */
export function renderProfileUpdated(update: ProfileUpdate, result: ProfileUpdateResult): Reply {
  const shown: ProfileUpdate = {
    ...update,
    displayName:
      update.displayName === undefined ? undefined : (result.user.displayName ?? update.displayName),
    bio: update.bio === undefined ? undefined : (result.user.bio ?? update.bio),
  };
  const fields = (Object.keys(labels) as (keyof typeof labels)[]).flatMap((key) => {
    const value = shown[key];
    return value === undefined ? [] : [{ name: labels[key], value: plainText(value) }];
  });
  return {
    embeds: [
      {
        title: `Profile updated: ${plainText(result.user.username)}`,
        description: "Fields you left empty are unchanged.",
        fields,
      },
    ],
  };
}
