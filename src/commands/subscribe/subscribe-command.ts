import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { noteMissingThreadPermissions, postingNeeds, requireBotCanPost } from "../require-bot-can-post.js";
import { suggestTournaments } from "../tournament/tournament-autocomplete.js";
import { checkTournamentFilter } from "./check-tournament-filter.js";
import { subscribeCommand } from "./data.js";
import {
  readBattleUpdates,
  readEventKinds,
  readTournamentId,
  requireAnnouncementChannel,
} from "./read-subscribe-options.js";
import { renderSubscribeOutcome } from "./render-subscribe-outcome.js";
import { usesThreads } from "./route-threads.js";
import { subscribeChannel } from "./subscribe-channel.js";
import { subscribeCandidates, suggestEventSelections } from "./suggest-event-selections.js";
import { clears } from "./subscription-filter-options.js";
import { readWebhookFeed } from "./webhook-feed.js";

/** `/subscribe channel [events] [filters]`: routes event kinds into a channel (docs/architecture.md, "Commands", "Routing"). */
export const subscribe = defineCommand<BotDependencies, typeof subscribeCommand>({
  data: subscribeCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, args, responder }) {
    const { options } = args;
    const channelId = requireAnnouncementChannel(options.channel);
    const kinds = readEventKinds(options.events);
    const tournament = readTournamentId(options.tournament);
    // Refused before anything changes: a channel the bot cannot post in would only pause at its first post.
    const permissions = await requireBotCanPost(deps, actor, options.channel, postingNeeds.announcements);
    // Checked before anything changes: a tournament no one has would hold the channel's events back.
    const notes: string[] = [];
    if (tournament !== undefined && !clears(tournament)) {
      const unchecked = await checkTournamentFilter(deps, actor, tournament.trim());
      if (unchecked !== undefined) notes.push(unchecked);
    }
    const outcome = await subscribeChannel(deps.db, {
      guildId: actor.guildId,
      channelId,
      kinds,
      filters: {
        tournament,
        difficulty: options.difficulty,
        minRatingChange: options["min-rating-change"],
        linkedOnly: options["linked-only"],
        battleUpdates: readBattleUpdates(options["battle-updates"]),
      },
      memberId: actor.userId,
      now: deps.clock.now(),
    });
    const threads = usesThreads(outcome.subscription)
      ? noteMissingThreadPermissions(channelId, permissions)
      : undefined;
    if (threads !== undefined) notes.push(threads);
    await responder.reply(renderSubscribeOutcome(outcome, await readWebhookFeed(deps, actor.guildId), notes));
  },
  async autocomplete(deps, { actor, focused }) {
    if (focused.name === "tournament")
      return suggestTournaments(deps, actor, { typed: focused.value, status: undefined });
    return suggestEventSelections(focused.value, subscribeCandidates);
  },
});
