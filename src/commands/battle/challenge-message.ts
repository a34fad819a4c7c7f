import { ButtonStyle, ComponentType, type APIEmbed } from "discord-api-types/v10";
import type { Reply } from "../../discord/interaction-responder.js";
import { renderCardButtons, renderCardEmbed, type BattleCardView } from "../../cards/battle-card.js";
import { buildBattleButtonId } from "../../cards/battle-custom-ids.js";
import { withBattleProgress, type BattleProgress } from "../../cards/battle-progress.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";
import { plainText } from "../../display/platform-text.js";

/** A challenge can be answered for five minutes after it is posted (docs/architecture.md, "Commands"). */
export const challengeLifetimeMs = 5 * 60_000;

export interface ChallengeParties {
  readonly challengerId: string;
  readonly opponentId: string;
}

/** Whether a challenge posted at `postedAt` (the message's ISO timestamp) can no longer be answered. */
export function isChallengeExpired(postedAt: string, now: number): boolean {
  const posted = Date.parse(postedAt);
  return Number.isNaN(posted) || now - posted >= challengeLifetimeMs;
}

/** The challenge: pings exactly the opponent, shows the battle, and offers Accept / Decline. */
export function renderChallenge(
  input: ChallengeParties & { readonly view: BattleCardView; readonly expiresAt: number },
): Reply {
  const { challengerId, opponentId, view } = input;
  // The card's "press Join" hint does not fit a challenge, whose buttons are Accept and Decline.
  const { description: _hint, ...embed } = renderCardEmbed(view);
  const button = (action: "accept" | "decline") =>
    buildBattleButtonId({ action, battleId: view.battleId, opponentId });
  return {
    content:
      `<@${opponentId}>, <@${challengerId}> challenges you to a coding battle! ` +
      `Answer ${discordTimestamp(input.expiresAt, "R")}.`,
    allowed_mentions: { parse: [], users: [opponentId] },
    embeds: [embed],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Success,
            custom_id: button("accept"),
            label: "Accept",
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Danger,
            custom_id: button("decline"),
            label: "Decline",
          },
        ],
      },
    ],
  };
}

/** What only the challenger sees once the challenge is posted. */
export function renderChallengeSent(input: {
  readonly opponentId: string;
  readonly expiresAt: number;
}): Reply {
  return {
    content: `Challenge sent: <@${input.opponentId}> can answer it until ${discordTimestamp(input.expiresAt, "t")}.`,
    allowed_mentions: { parse: [] },
    ephemeral: true,
  };
}

/**
 * The accepted challenge becomes a battle card (Join / Submit). When the bot could not seat the challenger,
 * the note says so and Join stays pressable for them.
 */
export function renderChallengeAccepted(
  input: ChallengeParties & {
    readonly embed: APIEmbed | undefined;
    /** The battle as the platform answered the join: its status and who holds a seat. */
    readonly battle: AcceptedBattle;
    readonly challengerSeated: boolean;
  },
): Reply {
  const { challengerId, opponentId, battle } = input;
  // A challenge seats two; each name is the platform's text, shown as text on the public card.
  const progress: BattleProgress = {
    status: battle.status,
    participants: battle.participants.map((participant) => ({ name: plainText(participant.username) })),
    maxParticipants: 2,
  };
  const note = input.challengerSeated
    ? "Good luck to both of you!"
    : `<@${challengerId}> could not be seated automatically: press **Join** to take your seat.`;
  return {
    content: `⚔️ <@${opponentId}> accepted <@${challengerId}>'s challenge. ${note}`,
    allowed_mentions: { parse: [] },
    embeds: input.embed === undefined ? [] : [withBattleProgress(input.embed, progress)],
    components: [renderCardButtons(battle.id, progress)],
  };
}

/** What an accepted challenge's card shows of its battle (the join's answer). */
export interface AcceptedBattle {
  readonly id: string;
  readonly status: string;
  readonly participants: readonly { readonly username: string }[];
}

/** A challenge that was declined or ran out: the buttons go, the battle details stay for the record. */
export function renderChallengeClosed(
  input: ChallengeParties & {
    readonly embed: APIEmbed | undefined;
    readonly outcome: "declined" | "expired";
  },
): Reply {
  const { challengerId, opponentId } = input;
  const content =
    input.outcome === "declined"
      ? `<@${opponentId}> declined <@${challengerId}>'s challenge.`
      : `<@${challengerId}>'s challenge to <@${opponentId}> expired before it was answered.`;
  const progress = { status: input.outcome, participants: [] };
  return {
    content,
    allowed_mentions: { parse: [] },
    embeds: input.embed === undefined ? [] : [withBattleProgress(input.embed, progress)],
    components: [],
  };
}
