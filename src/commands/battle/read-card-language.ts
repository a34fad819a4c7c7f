import type { APIEmbed } from "discord-api-types/v10";
import type { Language } from "../../api/index.js";
import { languageFieldName } from "../../cards/battle-card.js";
import { parseLanguage } from "./submission-language.js";

/** The language shown on a battle card, so the Submit button's form can be filled in with it. */
export function readCardLanguage(embeds: readonly APIEmbed[]): Language | undefined {
  const field = embeds[0]?.fields?.find((candidate) => candidate.name === languageFieldName);
  return field === undefined ? undefined : parseLanguage(field.value);
}
