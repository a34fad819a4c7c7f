import { ApplicationCommandOptionType as OptionType } from "discord-api-types/v10";

// Option pieces several commands share, so their names and limits agree everywhere.
export const difficultyChoices = [
  { name: "Easy", value: "easy" },
  { name: "Medium", value: "medium" },
  { name: "Hard", value: "hard" },
] as const;

export const languageChoices = [
  { name: "JavaScript", value: "javascript" },
  { name: "Python", value: "python" },
  { name: "Java", value: "java" },
  { name: "C++", value: "cpp" },
] as const;

export const publicOption = {
  type: OptionType.Boolean,
  name: "public",
  description: "Show the answer to everyone in the channel (default: only you)",
} as const;
