import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
} from "discord-api-types/v10";
import type { Reply } from "../discord/interaction-responder.js";
import { buildBattleButtonId } from "./battle-custom-ids.js";
import {
  describeProgress,
  renderPlayersField,
  renderStatusField,
  type BattleProgress,
} from "./battle-progress.js";
import { formatDuration } from "../display/duration.js";
import { displayLanguage } from "../display/language-name.js";
import { plainLabel, plainText } from "../display/platform-text.js";

/** Platform text for the card (docs/architecture.md, "The rules the code keeps"); blank is left out. */
function presentText(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === "" ? undefined : plainText(text.trim());
}

export type { BattleCardPlayer, BattleProgress } from "./battle-progress.js";

/**
 * Everything the public battle card shows (docs/architecture.md, "Commands", "Webhooks in"). Built from the
 * create answer by `/battle create` and from battle events by the live edits; fields an event does not carry
 * are simply left out.
 */
export interface BattleCardView extends BattleProgress {
  readonly battleId: string;
  readonly type?: string | undefined;
  readonly problem?:
    { readonly title?: string | undefined; readonly difficulty?: string | undefined } | undefined;
  readonly language?: string | undefined;
  /** Seconds. */
  readonly timeLimit?: number | undefined;
  /** Discord id of the member who created the battle. */
  readonly createdBy?: string | undefined;
}

/** The name of the field showing the battle's language, which the Submit button reads back. */
export const languageFieldName = "Language";

function renderDetails(view: BattleCardView): APIEmbed["fields"] {
  const details = [
    { name: "Difficulty", value: presentText(view.problem?.difficulty) },
    { name: "Type", value: presentText(view.type) },
    {
      name: languageFieldName,
      value: view.language === undefined ? undefined : plainText(displayLanguage(view.language)),
    },
    { name: "Time limit", value: view.timeLimit === undefined ? undefined : formatDuration(view.timeLimit) },
  ];
  return details.flatMap(({ name, value }) => (value === undefined ? [] : [{ name, value, inline: true }]));
}

function renderDescription(view: BattleCardView): string | undefined {
  if (view.status === "completed") return undefined;
  const by = view.createdBy === undefined ? "" : `Created by <@${view.createdBy}>. `;
  // What the platform's answer to a submission reports: tests passed of the problem's tests, and a score out of
  // 100 (the sandbox's judge, sandbox/core/judge.ts, scores exactly that share).
  return (
    `${by}Press **Join** to take a seat, then **Submit code** once the battle is live. ` +
    "Each submission is scored 0–100: the share of the problem's tests it passes."
  );
}

/** The card's embed: what the battle is, its status and its players. */
export function renderCardEmbed(view: BattleCardView): APIEmbed {
  const description = renderDescription(view);
  return {
    title: `⚔️ ${presentText(view.problem?.title) ?? "Coding battle"}`,
    ...(description === undefined ? {} : { description }),
    color: describeProgress(view).color,
    fields: [...(renderDetails(view) ?? []), renderStatusField(view), renderPlayersField(view)],
    footer: { text: plainLabel(`Battle ${view.battleId}`) },
  };
}

/** Join and Submit: Join stays pressable while a seat is free, both go grey once the battle is over. */
export function renderCardButtons(
  battleId: string,
  progress: BattleProgress,
): APIActionRowComponent<APIButtonComponent> {
  const over = progress.status === "completed";
  const full =
    progress.maxParticipants !== undefined && progress.participants.length >= progress.maxParticipants;
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Primary,
        custom_id: buildBattleButtonId({ action: "join", battleId }),
        label: "Join",
        disabled: over || full,
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Success,
        custom_id: buildBattleButtonId({ action: "submit", battleId }),
        label: "Submit code",
        disabled: over,
      },
    ],
  };
}

/** The whole card as a message body; pure, so the live edits of the card (docs/architecture.md, "Rendering") render it the same way. */
export function renderBattleCard(view: BattleCardView): Reply {
  return {
    embeds: [renderCardEmbed(view)],
    components: [renderCardButtons(view.battleId, view)],
    allowed_mentions: { parse: [] },
  };
}
