// The world a test or the playground builds through the driver (fake-discord-driver.ts builds on it;
// docs/architecture.md, "The stand-ins"): guilds, seeded guilds, channels, roles and members, channel
// overwrites and the bot's access, the bot removed from a guild and added back, a guild's outage and REST's.
import { OverwriteType } from "discord.js";
import type { OutageMode } from "../fake-discord-state.js";
import { combinePermissions, type PermissionName } from "../world/permissions.js";
import {
  seedRealisticGuilds,
  type SeedGuildsOptions,
  type SeededGuildsSummary,
} from "../world/seed-realistic-guilds.js";
import type { NewMember } from "../world/world.js";
import type { FakeChannel, FakeGuild, FakeRole, FakeUser } from "../world/world-types.js";
import { FakeDiscordReads } from "./fake-discord-reads.js";

/** A channel overwrite as an admin sets one: for a role (type 0) or a member (type 1), by permission names. */
export interface ChannelOverwriteInput {
  /** The role's id (@everyone: the guild's id) or the member's user id. */
  id: string;
  type: OverwriteType;
  allow?: readonly PermissionName[];
  deny?: readonly PermissionName[];
}

export class FakeDiscordWorldBuilding extends FakeDiscordReads {
  /**
   * A guild the bot is in, with an owner (made up unless `ownerId` names an existing user). `shard`
   * ([shard_id, num_shards]) gives it an id on that shard by Discord's formula, for sharding tests.
   */
  createGuild(options: {
    name: string;
    ownerId?: string;
    locale?: string;
    channels?: readonly string[];
    shard?: readonly [number, number];
  }): FakeGuild {
    return this.state.world.createGuild({
      name: options.name,
      ...(options.shard === undefined ? {} : { shard: options.shard }),
      ...(options.ownerId === undefined ? {} : { ownerId: options.ownerId }),
      ...(options.locale === undefined ? {} : { locale: options.locale }),
      ...(options.channels === undefined ? {} : { channelNames: options.channels }),
    });
  }

  /**
   * Adds `count` guilds of realistic size at once (most small, some with tens of thousands of members),
   * the same ones for the same seed: for memory benchmarks, far faster than createGuild in a loop.
   */
  seedRealisticGuilds(options: SeedGuildsOptions): SeededGuildsSummary {
    return seedRealisticGuilds(this.state.world, options);
  }

  /** A channel; type 0 (text) unless given. */
  createChannel(guildId: string, options: { name: string; type?: number }): FakeChannel {
    return this.state.world.createChannel(guildId, options);
  }

  /** A role above every other one (`roles.create` takes more). */
  createRole(guildId: string, options: { name: string; permissions: readonly PermissionName[] }): FakeRole {
    return this.state.world.createRole(guildId, options);
  }

  /** A member (a new user unless `userId` is given), with `permissions` such as ["ManageGuild"]. */
  createMember(guildId: string, options: NewMember = {}): FakeUser {
    return this.state.world.createMember(guildId, options).user;
  }

  /**
   * The member leaves the guild (or is kicked): their member look-up answers 404 10007 Unknown Member, and
   * GUILD_MEMBER_REMOVE goes to shards with the Guild Members intent.
   */
  removeMember(guildId: string, userId: string): void {
    this.state.world.removeMember(guildId, userId);
  }

  deleteChannel(channelId: string): void {
    this.state.world.deleteChannel(channelId);
  }

  /**
   * An admin's overwrite on a channel for a role (@everyone's id is the guild's) or a member, replacing the
   * one that role or member had: the bot's requests there are judged by it (Discord's documentation, Topics,
   * Permissions, "Permission Overwrites"), and CHANNEL_UPDATE is sent. Threads take their parent's.
   */
  setChannelOverwrite(channelId: string, overwrite: ChannelOverwriteInput): void {
    this.state.world.setChannelOverwrite(channelId, {
      id: overwrite.id,
      type: overwrite.type,
      allow: combinePermissions(overwrite.allow ?? []),
      deny: combinePermissions(overwrite.deny ?? []),
    });
  }

  /** Takes a role's or member's overwrite off a channel; CHANNEL_UPDATE when it had one. */
  deleteChannelOverwrite(channelId: string, id: string): void {
    this.state.world.deleteChannelOverwrite(channelId, id);
  }

  /**
   * The bot loses access to a channel through an overwrite for its own member: "missing-access" denies View
   * Channel (its posts answer 403 50001 Missing Access), "missing-permissions" allows View Channel and denies
   * Send Messages (403 50013 Missing Permissions). Not on a thread: deny on its parent channel.
   */
  denyChannelAccess(
    channelId: string,
    kind: "missing-access" | "missing-permissions" = "missing-access",
  ): void {
    const botId = this.state.world.botUser.id;
    this.setChannelOverwrite(
      channelId,
      kind === "missing-access"
        ? { id: botId, type: OverwriteType.Member, deny: ["ViewChannel"] }
        : { id: botId, type: OverwriteType.Member, allow: ["ViewChannel"], deny: ["SendMessages"] },
    );
  }

  /** Takes the bot's own member overwrite off the channel: its roles and the other overwrites decide again. */
  restoreChannelAccess(channelId: string): void {
    this.deleteChannelOverwrite(channelId, this.state.world.botUser.id);
  }

  /**
   * The bot is removed from the guild (kicked, or the server deleted): GUILD_DELETE without `unavailable`
   * reaches its shard, the guild's channels answer 403 50001 Missing Access and its guild routes 404 10004
   * Unknown Guild, and members can no longer run its commands there.
   */
  removeBotFromGuild(guildId: string): void {
    this.state.world.removeBot(guildId);
  }

  /** The bot is invited back to a guild it was removed from: GUILD_CREATE, and the guild is as it was. */
  addBotBackToGuild(guildId: string): void {
    this.state.world.addBotBack(guildId);
  }

  /**
   * A Discord outage of one guild: GUILD_DELETE with `unavailable: true` (also at READY while it lasts), then
   * GUILD_CREATE when it ends. REST is left as it is.
   */
  setGuildOutage(guildId: string, down: boolean): void {
    this.state.world.setGuildAvailability(guildId, !down);
  }

  /**
   * One route down while the rest of REST works, as in a partial outage: `routeKey` as the route is declared
   * ("POST /channels/:channelId/messages") answers 503 until `down` is false.
   */
  setRouteOutage(routeKey: string, down: boolean): void {
    if (down) this.state.routeOutages.add(routeKey);
    else this.state.routeOutages.delete(routeKey);
  }

  /**
   * Cloudflare bans the bot's address, as after 10,000 invalid requests in 10 minutes: every request answered
   * 429 with `Retry-After: retryAfterSeconds`, a plain-text body and none of Discord's headers; `false` lifts
   * it, and a ban the limit itself began (`invalidRequestLimit`).
   */
  setCloudflareBan(ban: { readonly retryAfterSeconds: number } | false): void {
    this.state.ban = ban === false ? undefined : ban;
    if (ban === false) this.state.invalidRequestLimit.lift();
  }

  /** REST down: `true` answers 503, "reset" drops connections unanswered; `false` ends it. */
  setOutage(on: boolean | Exclude<OutageMode, "off">): void {
    this.state.outage = on === false ? "off" : on === true ? "unavailable" : on;
  }
}
