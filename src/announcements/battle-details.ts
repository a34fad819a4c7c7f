// What the battle announcements say about a battle: its problem, difficulty and mode, and the Join button.
import {
  ButtonStyle,
  ComponentType,
  type APIButtonComponent,
  type APIEmbedField,
} from "discord-api-types/v10";
import { buildBattleButtonId } from "../cards/battle-custom-ids.js";
import type { BattleProblem } from "../events/index.js";
import { compactFields } from "./announcement-style.js";
import { formatLabel, formatPresentText } from "./display-text.js";

interface BattleFacts {
  readonly mode: string | undefined;
  readonly difficulty: string | undefined;
  readonly problem: BattleProblem | undefined;
}

/** The problem's title as a heading reads it, or a plain "Coding battle" when the event did not say. */
export function describeProblem(problem: BattleProblem | undefined): string {
  return formatPresentText(problem?.title) ?? "Coding battle";
}

export function renderBattleFacts(battle: BattleFacts): APIEmbedField[] {
  return compactFields([
    { name: "Difficulty", value: formatLabel(battle.difficulty ?? battle.problem?.difficulty) },
    { name: "Mode", value: formatLabel(battle.mode) },
  ]);
}

/** The same Join button the battle card carries; none for an id too long to fit a custom id. */
export function renderJoinButton(battleId: string): APIButtonComponent | undefined {
  let customId: string;
  try {
    customId = buildBattleButtonId({ action: "join", battleId });
  } catch {
    return undefined;
  }
  return { type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: customId, label: "Join" };
}
