import type { Language } from "../../api/index.js";
import { languageChoices } from "../shared-options.js";
import { readLanguage } from "./battle-settings.js";

const aliases: Readonly<Record<string, Language>> = {
  js: "javascript",
  node: "javascript",
  py: "python",
  python3: "python",
  "c++": "cpp",
  cc: "cpp",
};

const extensions: Readonly<Record<string, Language>> = {
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  py: "python",
  java: "java",
  cpp: "cpp",
  cc: "cpp",
  cxx: "cpp",
  hpp: "cpp",
  h: "cpp",
};

/** A language as typed into the code form: its value, its display name ("C++") or a common alias. */
export function parseLanguage(text: string): Language | undefined {
  const typed = text.trim().toLowerCase();
  const byName = languageChoices.find((choice) => choice.name.toLowerCase() === typed)?.value;
  return readLanguage(typed) ?? byName ?? aliases[typed];
}

/** The language a file's extension names, for `/battle submit` with a file and no `language`. */
export function languageOfFile(filename: string): Language | undefined {
  const dot = filename.lastIndexOf(".");
  return dot === -1 ? undefined : extensions[filename.slice(dot + 1).toLowerCase()];
}
