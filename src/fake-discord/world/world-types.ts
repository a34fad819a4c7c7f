/** The fake's own records; API objects are rendered from them in world/render-*.ts. */

export interface FakeUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
}

export interface FakeRole {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
}

export interface FakeMember {
  userId: string;
  roleIds: string[];
  joinedAt: number;
  nick: string | null;
}

/** What the bot may do in a channel; the driver's denyChannelAccess moves it away from "granted". */
export type ChannelAccess = "granted" | "missing-access" | "missing-permissions";

export interface FakeChannel {
  id: string;
  guildId: string;
  name: string;
  /** Discord channel type: 0 text, 2 voice, 4 category, 5 announcement, 15 forum. */
  type: number;
  position: number;
  access: ChannelAccess;
}

export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  preferredLocale: string;
  createdAt: number;
  channels: Map<string, FakeChannel>;
  roles: Map<string, FakeRole>;
  members: Map<string, FakeMember>;
}

/** Channel types the bot can post in (docs: Channel Types). */
export const textChannelTypes: ReadonlySet<number> = new Set([0, 5, 10, 11, 12]);
