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
});
