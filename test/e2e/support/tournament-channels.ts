// Many announcements into many channels, and a check that Discord holds each exactly once where it belongs.
// Channel k of the list follows the starts of tournament `trn_<k % tournaments>`; event i is the start of
// tournament `trn_<i % tournaments>` titled "Cup <i, three digits>", so each post names its event.
import type { Kysely } from "kysely";
import type { FakeDiscord } from "../../../fake-discord/index.js";
import type { Database } from "../../../src/store/database.js";
import { createSubscription } from "../../../src/store/subscriptions.js";

// Dated now: these bots run on the real clock, and drop an event older than the inbox remembers.
const createdNow = new Date().toISOString();

export interface TournamentChannels {
  readonly channelIds: readonly string[];
  /** The channels event `index` must reach. */
  channelsOf(index: number): readonly string[];
}

export async function subscribeTournamentChannels(
  discord: FakeDiscord,
  db: Kysely<Database>,
  shape: { readonly guilds: number; readonly channelsPerGuild: number; readonly tournaments: number },
): Promise<TournamentChannels> {
  const channelIds: string[] = [];
  for (let guildIndex = 0; guildIndex < shape.guilds; guildIndex += 1) {
    const guild = discord.createGuild({ name: `Cups ${guildIndex}` });
    // Each post starts its tournament's thread (docs/architecture.md, "Posting").
    discord.roles.grantBot(guild.id, ["CreatePublicThreads"]);
    for (let channelIndex = 0; channelIndex < shape.channelsPerGuild; channelIndex += 1) {
      const channelId = discord.createChannel(guild.id, { name: `cups-${channelIndex}` }).id;
      await createSubscription(db, {
        guildId: guild.id,
        channelId,
        eventKinds: ["system.tournament_started"],
        filters: { tournamentId: `trn_${channelIds.length % shape.tournaments}` },
        createdBy: "tournament-channels",
        now: Date.now(),
      });
      channelIds.push(channelId);
    }
  }
  return {
    channelIds,
    channelsOf: (index) =>
      channelIds.filter((_, channel) => channel % shape.tournaments === index % shape.tournaments),
  };
}

/** The signed body of event `index`: a standard-form `system.tournament_started` (the platform's API reference). */
export function tournamentStartedBody(index: number, tournaments: number): string {
  return JSON.stringify({
    id: `evt_cup_${index}`,
    event: "system.tournament_started",
    created: createdNow,
    data: {
      object: "tournament",
      id: `trn_${index % tournaments}`,
      title: `Cup ${String(index).padStart(3, "0")}`,
    },
  });
}

/**
 * Every (event, channel) pair that does not hold exactly one post, and the number of posts in all. A post is
 * one embed: a message the bot combined from the posts queued for a channel carries several.
 */
export function checkPostedOnce(
  discord: FakeDiscord,
  channels: TournamentChannels,
  events: number,
): { readonly wrong: string[]; readonly posts: number } {
  const posted = new Map(
    channels.channelIds.map((channelId) => [
      channelId,
      discord.messages(channelId).flatMap((message) => {
        if (message.embeds.length === 0)
          throw new Error(`a message without a post: ${JSON.stringify(message)}`);
        return message.embeds.map((embed) => readEventIndex(JSON.stringify(embed)));
      }),
    ]),
  );
  const wrong: string[] = [];
  for (let event = 0; event < events; event += 1) {
    for (const channelId of channels.channelsOf(event)) {
      const copies = posted.get(channelId)?.filter((index) => index === event).length ?? 0;
      if (copies !== 1) wrong.push(`event ${event} in ${channelId}: ${copies} copies`);
    }
  }
  return { wrong, posts: [...posted.values()].flat().length };
}

function readEventIndex(embedJson: string): number {
  const match = /Cup (\d{3})/.exec(embedJson);
  if (match === null) throw new Error(`a post that announces no event of this test: ${embedJson}`);
  return Number(match[1]);
}
