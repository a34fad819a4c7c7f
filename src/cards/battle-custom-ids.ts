import { discordLimits } from "../discord/discord-limits.js";

// Custom ids of the battle buttons and the code modal (docs/architecture.md, "Commands"). They carry
// everything a press needs, so nothing is kept between the post and the press: `battle:join:<battleId>`,
// `battle:submit:<battleId>`,
// `battle:accept:<opponentId>:<battleId>` and `battle:decline:<opponentId>:<battleId>`. Presses are handled in
// src/commands/battle/ (battle-buttons.ts, code-modal.ts).
export const battleButtonPrefix = "battle";
export const codeModalPrefix = "battle-code";

export type BattleButton =
  | { readonly action: "join" | "submit"; readonly battleId: string }
  | { readonly action: "accept" | "decline"; readonly battleId: string; readonly opponentId: string };

function checked(customId: string): string {
  // Platform ids are short ("a kind prefix, an underscore, a suffix"); a longer one cannot sit on a button.
  if (customId.length > discordLimits.customId) throw new Error("battle id too long for a custom id");
  return customId;
}

export function buildBattleButtonId(button: BattleButton): string {
  const target = "opponentId" in button ? `${button.opponentId}:${button.battleId}` : button.battleId;
  return checked(`${battleButtonPrefix}:${button.action}:${target}`);
}

/** Reads the params after the `battle:` prefix; undefined for an id this bot does not make. */
export function readBattleButton(params: readonly string[]): BattleButton | undefined {
  const [action, ...rest] = params;
  if (action === "join" || action === "submit") {
    const battleId = rest.join(":");
    return battleId === "" ? undefined : { action, battleId };
  }
  if (action === "accept" || action === "decline") {
    const [opponentId = "", ...idParts] = rest;
    const battleId = idParts.join(":");
    return opponentId === "" || battleId === "" ? undefined : { action, battleId, opponentId };
  }
  return undefined;
}

export function buildCodeModalId(battleId: string): string {
  return checked(`${codeModalPrefix}:${battleId}`);
}

export function readCodeModalId(params: readonly string[]): string | undefined {
  const battleId = params.join(":");
  return battleId === "" ? undefined : battleId;
}
