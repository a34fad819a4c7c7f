import {
  type APIModalInteractionResponseCallbackData,
  ComponentType,
  TextInputStyle,
} from "discord-api-types/v10";
import type { PlatformUser } from "../../api/schemas/user.js";
import { fingerprintText, writeOpenedForm } from "./profile-form-fingerprints.js";
import { profileFieldLabels, type ProfileFieldId } from "./profile-fields.js";

/** Custom id of the /profile edit modal. */
export const profileEditModalId = "profile-edit";

interface ProfileInput {
  readonly id: ProfileFieldId;
  readonly label: string;
  readonly style: TextInputStyle;
  readonly maxLength: number;
}

const clearIt = "Leave empty to clear it";
const keepIt = "Leave empty to keep it as it is";

// Length caps are the bot's choice: the spec shows none (the platform's API reference, User).
const inputs: readonly ProfileInput[] = [
  { id: "displayName", label: profileFieldLabels.displayName, style: TextInputStyle.Short, maxLength: 50 },
  { id: "bio", label: profileFieldLabels.bio, style: TextInputStyle.Paragraph, maxLength: 500 },
  { id: "location", label: profileFieldLabels.location, style: TextInputStyle.Short, maxLength: 100 },
  { id: "website", label: profileFieldLabels.website, style: TextInputStyle.Short, maxLength: 200 },
];

/**
 * The /profile edit form, filled with the member's current profile (docs/platform-assumptions.md, "Profile
 * fields"). A value is put in as the platform holds it, unescaped: a text input shows no markdown, and a
 * changed value would be sent back as a change. A value longer than its input takes, or every value when
 * the profile could not be read in time (`undefined`), is left out, and the input counts as opened empty, so
 * leaving it empty changes nothing.
 */
export function buildProfileEditModal(
  user: PlatformUser | undefined,
): APIModalInteractionResponseCallbackData {
  const shown = (input: ProfileInput): string => {
    const current = user?.[input.id] ?? "";
    return current.length <= input.maxLength ? current : "";
  };
  // Empty, an input clears its field only if it was shown, or is known to be unset.
  const placeholderOf = (input: ProfileInput): string => {
    const clears = user !== undefined && (user[input.id] === undefined || shown(input) !== "");
    return `${input.id === "website" ? "https://example.com. " : ""}${clears ? clearIt : keepIt}`;
  };
  const opened = Object.fromEntries(
    // The answers are read trimmed, so an input left as it opened matches its fingerprint.
    inputs.map((input) => [input.id, fingerprintText(shown(input).trim())]),
  ) as Record<ProfileFieldId, string>;
  return {
    custom_id: [profileEditModalId, ...writeOpenedForm(opened)].join(":"),
    title: "Edit your platform profile",
    components: inputs.map((input) => ({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.TextInput,
          custom_id: input.id,
          label: input.label,
          style: input.style,
          max_length: input.maxLength,
          required: false,
          placeholder: placeholderOf(input),
          ...(shown(input) === "" ? {} : { value: shown(input) }),
        },
      ],
    })),
  };
}
