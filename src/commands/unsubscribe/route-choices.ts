// Suggestions and parsing for /unsubscribe's `channel` option: the guild's routes, one per channel, named
// "#battles — Battle results (paused)", with the channel's id when two routed channels share a name; the value
// is the channel id. A typed #name that several channels bear is never taken as the first of them.
import type { APIApplicationCommandOptionChoice } from "discord-api-types/v10";
import { discordLimits } from "../../discord/discord-limits.js";
import { truncateText } from "../../display/truncate-text.js";
import { plainCode } from "../../display/platform-text.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import type { Subscription } from "../../store/subscriptions.js";
import { describeEventKinds } from "../../display/event-kind-labels.js";

export function chooseRoutes(
  routes: readonly Subscription[],
  channelNames: ReadonlyMap<string, string>,
  typed: string,
): APIApplicationCommandOptionChoice<string>[] {
  const needle = typed.trim().replace(/^<?#/, "").replace(/>$/, "").toLowerCase();
  const byChannel = new Map<string, Subscription[]>();
  for (const route of routes)
    byChannel.set(route.channelId, [...(byChannel.get(route.channelId) ?? []), route]);
  const nameOf = (channelId: string) =>
    channelNames.get(channelId) ?? (channelNames.size > 0 ? "deleted-channel" : channelId);
  const shared = sharedNames([...byChannel.keys()].map(nameOf));
  return [...byChannel.entries()]
    .map(([channelId, channelRoutes]) => {
      const name = nameOf(channelId);
      // Two routed channels of one name are told apart by their ids.
      const shown = shared.has(name) ? `${name} (${channelId})` : name;
      const kinds = channelRoutes.flatMap((route) => route.eventKinds);
      const statuses = [...new Set(channelRoutes.map((route) => route.status))].filter((s) => s !== "active");
      const status = statuses.length === 0 ? "" : ` (${statuses.join(", ")})`;
      return { name, channelId, label: `#${shown} — ${describeEventKinds(kinds)}${status}` };
    })
    .filter((route) => route.name.toLowerCase().includes(needle) || route.channelId.includes(needle))
    .slice(0, discordLimits.autocompleteChoices)
    .map((route) => ({ name: truncateText(route.label, discordLimits.choiceName), value: route.channelId }));
}

function sharedNames(names: readonly string[]): Set<string> {
  return new Set(names.filter((name, index) => names.indexOf(name) !== index));
}

/** The channel id a typed value holds as an id or a <#mention>; undefined for anything else (a #name). */
export function readChannelId(value: string): string | undefined {
  return /^(?:<#)?(\d{1,25})>?$/.exec(value.trim())?.[1];
}

/**
 * Every channel a typed value may name: one for an id (what suggestions put in) or a <#mention>, each
 * channel of that name for a #name.
 */
function readChannelReferences(value: string, channelNames: ReadonlyMap<string, string>): string[] {
  const id = readChannelId(value);
  if (id !== undefined) return [id];
  const name = value.trim().replace(/^#/, "").toLowerCase();
  return [...channelNames.entries()]
    .filter(([, channelName]) => channelName.toLowerCase() === name)
    .map(([channelId]) => channelId);
}

/**
 * The subscribed channel a typed value names, for /unsubscribe; undefined when it names no channel. A #name
 * several channels share names the one of them that has a route; when none or several do, the member is
 * told so rather than one of them being picked.
 */
export function resolveTypedChannel(
  value: string,
  channelNames: ReadonlyMap<string, string>,
  routedChannels: ReadonlySet<string>,
): string | undefined {
  const candidates = readChannelReferences(value, channelNames);
  if (candidates.length <= 1) return candidates[0];
  const routed = candidates.filter((channelId) => routedChannels.has(channelId));
  const [only] = routed;
  if (routed.length === 1 && only !== undefined) return only;
  const name = plainCode(`#${value.trim().replace(/^#/, "")}`);
  if (routed.length === 0) {
    throw new UserFacingError(
      "not_subscribed",
      `None of the ${candidates.length} channels named ${name} has a subscription. ` +
        "`/subscriptions` lists this server's routes.",
    );
  }
  throw new UserFacingError(
    "ambiguous_channel",
    `${routed.length} subscribed channels are named ${name}: ${routed.map((id) => `<#${id}>`).join(", ")}. ` +
      "Pick one from the list, or type its mention; nothing was changed.",
  );
}
