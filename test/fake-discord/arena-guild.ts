import type { FakeDiscord } from "../../fake-discord/index.js";

export interface ArenaGuild {
  readonly guildId: string;
  readonly channelId: string;
  /** alice, the member who runs the commands. */
  readonly userId: string;
}

/** Creates the "Arena" guild with a #battles channel and one member, alice, in that order. */
export function createArenaGuild(fake: FakeDiscord): ArenaGuild {
  const guildId = fake.createGuild({ name: "Arena" }).id;
  const channelId = fake.createChannel(guildId, { name: "battles" }).id;
  const userId = fake.createMember(guildId, { username: "alice" }).id;
  return { guildId, channelId, userId };
}
