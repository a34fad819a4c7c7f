// A tournament's Register button, on /tournament list pages, the tournament-started announcement and reminders;
// a press is handled by src/commands/tournament/register-button.ts.
import { plainLabel } from "../display/platform-text.js";
import { ButtonStyle, ComponentType, type APIButtonComponent } from "discord-api-types/v10";
import type { Tournament } from "../api/index.js";
import { discordLimits } from "../discord/discord-limits.js";

/** Custom id prefix of the list's Register buttons: `tournament:register:<id>`. */
export const registerButtonPrefix = "tournament";
const registerAction = "register";

export function registerButtonId(tournamentId: string): string {
  return `${registerButtonPrefix}:${registerAction}:${tournamentId}`;
}

/** Reads the tournament id back from a Register button's params (the custom id without its prefix). */
export function readRegisterButton(params: readonly string[]): string | undefined {
  const [action, ...id] = params;
  const tournamentId = id.join(":");
  return action === registerAction && tournamentId !== "" ? tournamentId : undefined;
}

/**
 * The Register button of one tournament's announcement (it started, or starts soon); none for an id too long
 * for a custom id.
 */
export function buildRegisterButton(tournamentId: string): APIButtonComponent | undefined {
  const customId = registerButtonId(tournamentId);
  if (customId.length > discordLimits.customId) return undefined;
  return { type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: customId, label: "Register" };
}

/**
 * A Register button for each tournament still taking registrations (the platform refuses the others), at most
 * one row's worth. An id too long for a custom id gets no button; `/tournament register` still works for it.
 */
export function buildRegisterButtons(tournaments: readonly Tournament[]): APIButtonComponent[] {
  return tournaments
    .filter((tournament) => tournament.status === "open")
    .filter((tournament) => registerButtonId(tournament.id).length <= discordLimits.customId)
    .slice(0, discordLimits.buttonsPerRow)
    .map((tournament) => ({
      type: ComponentType.Button,
      style: ButtonStyle.Primary,
      custom_id: registerButtonId(tournament.id),
      label: plainLabel(`Register: ${tournament.title}`, discordLimits.buttonLabel),
    }));
}
