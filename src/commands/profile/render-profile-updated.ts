import { plainText } from "../../display/platform-text.js";
import type { ProfileUpdate, ProfileUpdateResult } from "../../api/schemas/user.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { bioTextOptions } from "./render-profile-card.js";

const labels = { displayName: "Display name", bio: "Bio", location: "Location", website: "Website" } as const;

/** A value sent, as the platform echoed it; one sent empty (cleared) or not echoed stays as sent. */
function echoed(sent: string | undefined, answered: string | undefined): string | undefined {
  return sent === undefined || sent === "" ? sent : (answered ?? sent);
}

/**
 * Confirms PUT /users/me: the fields sent, as the platform echoed them where it did (display name, bio), and
 * those sent empty as cleared (docs/platform-assumptions.md, "Profile fields").
 */
export function renderProfileUpdated(update: ProfileUpdate, result: ProfileUpdateResult): Reply {
  const shown: ProfileUpdate = {
    ...update,
    displayName: echoed(update.displayName, result.user.displayName),
    bio: echoed(update.bio, result.user.bio),
  };
  const fields = (Object.keys(labels) as (keyof typeof labels)[]).flatMap((key) => {
    const value = shown[key];
    if (value === undefined) return [];
    // The bio as the card shows it, on its lines and up to 500 characters: cut at a name's 256 and put on one
    // line, a bio the platform took whole read as cut short.
    const text = plainText(value, key === "bio" ? bioTextOptions : {});
    return [{ name: labels[key], value: value === "" ? "*(cleared)*" : text }];
  });
  return {
    embeds: [
      {
        title: `Profile updated: ${plainText(result.user.username)}`,
        description: "Fields you did not change are as they were.",
        fields,
      },
    ],
  };
}
