import type { Language } from "../api/index.js";

/** Each platform language with the name members read, in the order `/battle` offers them. */
export const languageNames = [
  { name: "JavaScript", value: "javascript" },
  { name: "Python", value: "python" },
  { name: "Java", value: "java" },
  { name: "C++", value: "cpp" },
] as const satisfies readonly { readonly name: string; readonly value: Language }[];

/** A platform language as members read it ("cpp" → "C++"); a language the bot does not know, as sent. */
export function displayLanguage(language: string): string {
  return languageNames.find((entry) => entry.value === language)?.name ?? language;
}
