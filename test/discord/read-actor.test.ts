import type { APIInteraction } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { readActor } from "../../src/discord/read-actor.js";
import { commandInteraction } from "../http/interaction-fixtures.js";

function withMember(nick: string | null, globalName: string | null): APIInteraction {
  const interaction = commandInteraction("whoami");
  return {
    ...interaction,
    member: { ...interaction.member, nick, user: { ...interaction.member.user, global_name: globalName } },
  } as unknown as APIInteraction;
}

describe("readActor", () => {
  it("names the member by their nickname in the server first", () => {
    expect(readActor(withMember("Ally", "Alice A."))).toMatchObject({
      username: "alice",
      displayName: "Ally",
    });
  });

  it("falls back to the display name, then to the username", () => {
    expect(readActor(withMember(null, "Alice A."))?.displayName).toBe("Alice A.");
    expect(readActor(withMember(null, null))?.displayName).toBe("alice");
  });

  it("reads a user install's interaction in a DM as an actor with no server and no server permissions", () => {
    const {
      guild_id: _guildId,
      member,
      ...outside
    } = commandInteraction("rank") as unknown as Record<string, unknown> & {
      member: { user: Record<string, unknown> };
    };
    const interaction = {
      ...outside,
      context: 1,
      user: { ...member.user, global_name: "Alice A." },
      authorizing_integration_owners: { "1": member.user.id },
    } as unknown as APIInteraction;
    expect(readActor(interaction)).toMatchObject({
      guildId: undefined,
      userId: member.user.id,
      username: "alice",
      displayName: "Alice A.",
      permissions: 0n,
    });
  });

  it("reads a member's own install used in a server that did not install the bot as outside a server", () => {
    const interaction = commandInteraction("rank");
    const userOnly = {
      ...interaction,
      authorizing_integration_owners: { "1": interaction.member.user.id },
    } as unknown as APIInteraction;
    expect(readActor(userOnly)).toMatchObject({
      guildId: undefined,
      userId: interaction.member.user.id,
      username: "alice",
      permissions: 0n,
    });
    // The server installed the bot too: its install authorised the command, so the member acts in the server.
    const both = {
      ...interaction,
      authorizing_integration_owners: { "0": interaction.guild_id, "1": interaction.member.user.id },
    } as unknown as APIInteraction;
    expect(readActor(both)?.guildId).toBe(interaction.guild_id);
  });

  it("reads no actor from a body with neither member nor user", () => {
    const { member: _member, ...body } = commandInteraction("rank") as unknown as Record<string, unknown>;
    expect(readActor(body as unknown as APIInteraction)).toBeUndefined();
  });
});
