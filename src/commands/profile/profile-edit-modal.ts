import {
  type APIModalInteractionResponseCallbackData,
  ComponentType,
  TextInputStyle,
} from "discord-api-types/v10";
import type { ProfileFieldId } from "./read-profile-update.js";

/** Custom id of the /profile edit modal. */
export const profileEditModalId = "profile-edit";

interface ProfileInput {
  readonly id: ProfileFieldId;
  readonly label: string;
  readonly style: TextInputStyle;
  readonly maxLength: number;
  readonly placeholder: string;
}

const keepAsItIs = "Leave empty to keep it as it is";

// Length caps are the bot's choice: the spec shows none (the platform's API reference, User).
const inputs: readonly ProfileInput[] = [
  {
    id: "displayName",
    label: "Display name",
    style: TextInputStyle.Short,
    maxLength: 50,
    placeholder: keepAsItIs,
  },
  { id: "bio", label: "Bio", style: TextInputStyle.Paragraph, maxLength: 500, placeholder: keepAsItIs },
  { id: "location", label: "Location", style: TextInputStyle.Short, maxLength: 100, placeholder: keepAsItIs },
  {
    id: "website",
    label: "Website",
    style: TextInputStyle.Short,
    maxLength: 200,
    placeholder: "https://example.com",
  },
];

/**
 * The /profile edit form. GET /users/me does not return these fields (the platform's API reference, User), so
 * the inputs start empty and an empty input leaves its field unchanged.
 */
export function buildProfileEditModal(): APIModalInteractionResponseCallbackData {
  return {
    custom_id: profileEditModalId,
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
          placeholder: input.placeholder,
        },
      ],
    })),
  };
}
