// Suggestions and parsing for /unsubscribe's `channel` option: the guild's routes, one per channel, named
// "#battles — Battle results (paused)"; the value is the channel id.
import type { APIApplicationCommandOptionChoice } from "discord-api-types/v10";
import { discordLimits } from "../../discord/discord-limits.js";
import { truncateText } from "../../display/truncate-text.js";
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
  return [...byChannel.entries()]
    .map(([channelId, channelRoutes]) => {
      const name = channelNames.get(channelId) ?? (channelNames.size > 0 ? "deleted-channel" : channelId);
      const kinds = channelRoutes.flatMap((route) => route.eventKinds);
      const statuses = [...new Set(channelRoutes.map((route) => route.status))].filter((s) => s !== "active");
      const status = statuses.length === 0 ? "" : ` (${statuses.join(", ")})`;
      return { name, channelId, label: `#${name} — ${describeEventKinds(kinds)}${status}` };
    })
    .filter((route) => route.name.toLowerCase().includes(needle) || route.channelId.includes(needle))
    .slice(0, discordLimits.autocompleteChoices)
    .map((route) => ({ name: truncateText(route.label, discordLimits.choiceName), value: route.channelId }));
}

/** The channel a typed value names: an id (what suggestions put in), a <#mention>, or a #name. */
export function readChannelReference(
  value: string,
  channelNames: ReadonlyMap<string, string>,
): string | undefined {
  const trimmed = value.trim();
  const id = /^(?:<#)?(\d{1,25})>?$/.exec(trimmed)?.[1];
  if (id !== undefined) return id;
  const name = trimmed.replace(/^#/, "").toLowerCase();
  return [...channelNames.entries()].find(([, channelName]) => channelName.toLowerCase() === name)?.[0];
}
