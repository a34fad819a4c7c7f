import { ApplicationCommandOptionType as OptionType } from "discord-api-types/v10";
import { languageNames } from "../display/language-name.js";

// Option pieces several commands share, so their names and limits agree everywhere.
export const difficultyChoices = [
  { name: "Easy", value: "easy" },
  { name: "Medium", value: "medium" },
  { name: "Hard", value: "hard" },
] as const;

/** Every platform language, under the name members read everywhere else. */
export const languageChoices = languageNames;

export const publicOption = {
  type: OptionType.Boolean,
  name: "public",
  description: "Show the answer to everyone in the channel (default: only you)",
} as const;
