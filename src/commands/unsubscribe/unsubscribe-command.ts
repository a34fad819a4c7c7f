import type { APIApplicationCommandAutocompleteInteraction } from "discord-api-types/v10";
import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { listGuildSubscriptions } from "../../store/subscriptions.js";
import { readEventKinds } from "../subscribe/read-subscribe-options.js";
import { kindCandidates, suggestEventSelections } from "../subscribe/suggest-event-selections.js";
import { unsubscribeCommand } from "./data.js";
import { readChannelNames } from "./guild-channel-names.js";
import { chooseRoutes, readChannelId, resolveTypedChannel } from "./route-choices.js";
import { describeUnsubscribeOutcome, unsubscribeChannel } from "./unsubscribe-channel.js";

/** The text of another (not focused) option, during autocomplete. */
function readTypedOption(interaction: APIApplicationCommandAutocompleteInteraction, name: string) {
  const option = interaction.data.options.find((item) => item.name === name);
  return option !== undefined && "value" in option ? String(option.value) : undefined;
}

/** `/unsubscribe channel [events]`: removes kinds from a route, or the whole route (docs/architecture.md, "Commands"). */
export const unsubscribe = defineCommand<BotDependencies, typeof unsubscribeCommand>({
  data: unsubscribeCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, args, responder }) {
    const { channel, events } = args.options;
    const routes = await listGuildSubscriptions(deps.db, actor.guildId);
    const channelId = await resolveChannelOption(deps, actor.guildId, channel, routes);
    if (channelId === undefined) {
      throw new UserFacingError("unknown_channel", "Pick a channel from the list of subscribed channels.");
    }
    const outcome = await unsubscribeChannel(deps.db, {
      guildId: actor.guildId,
      channelId,
      kinds: readEventKinds(events),
      now: deps.clock.now(),
    });
    await responder.reply({ content: describeUnsubscribeOutcome(outcome), ephemeral: true });
  },
  async autocomplete(deps, { actor, focused, interaction }) {
    const routes = await listGuildSubscriptions(deps.db, actor.guildId);
    if (focused.name === "channel") {
      return chooseRoutes(routes, await readChannelNames(deps, actor.guildId), focused.value);
    }
    // Kinds of the chosen channel's route (or of every route until one channel is named), then "all".
    const typed = readTypedOption(interaction, "channel") ?? "";
    const channelId =
      typed.trim() === ""
        ? undefined
        : await resolveChannelOption(deps, actor.guildId, typed, routes).catch((error: unknown) => {
            // A #name no route's channel or several have: every route's kinds, as before a channel is named.
            if (error instanceof UserFacingError) return undefined;
            throw error;
          });
    const kinds = new Set<string>(
      routes
        .filter((route) => channelId === undefined || route.channelId === channelId)
        .flatMap((route) => route.eventKinds),
    );
    return suggestEventSelections(focused.value, [
      ...kindCandidates.filter((candidate) => kinds.has(candidate.token)),
      { token: "all", label: "Every event (removes the route)" },
    ]);
  },
});

/**
 * The subscribed channel `value` names (resolveTypedChannel): an id or a mention as it is; a #name typed
 * without picking by the server's channel names, read only then.
 */
async function resolveChannelOption(
  deps: BotDependencies,
  guildId: string,
  value: string,
  routes: readonly { readonly channelId: string }[],
): Promise<string | undefined> {
  const names = readChannelId(value) === undefined ? await readChannelNames(deps, guildId) : new Map();
  return resolveTypedChannel(value, names, new Set(routes.map((route) => route.channelId)));
}
