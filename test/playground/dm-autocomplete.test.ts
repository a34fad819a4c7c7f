// The playground's DM asks the bot for an option's choices as Discord's client does in a DM with the app the
// member added to their account: an autocomplete interaction with no guild (context 1), answered from the
// member's personal link.
import { describe, expect, it } from "vitest";
import { saveMemberLink } from "../../src/store/member-links.js";
import { useWebPlayground } from "./web-playground.js";

describe("choices asked from the member's DM with the bot", () => {
  const { running, post } = useWebPlayground();

  it("sends the typed option to the bot as a DM autocomplete and answers with the bot's choices", async () => {
    const { playground } = running();
    const alice = playground.members.get("alice")?.user.id ?? "";
    await post("/api/dm/install", { member: "alice" });
    // Alice's personal link, as /link in the DM leaves it.
    const key = playground.sandbox.keys.find((candidate) => candidate.username === "alice");
    if (key === undefined) throw new Error("the sandbox seeds no key of alice's");
    await saveMemberLink(playground.bot.deps.db, playground.bot.deps.secretBox, {
      guildId: undefined,
      userId: alice,
      platformUserId: key.userId,
      platformUsername: key.username,
      credentialKind: "api_key",
      credential: { accessToken: key.key },
      now: playground.sandbox.clock.now(),
    });

    const answer = await post("/api/dm/autocomplete", {
      member: "alice",
      line: "/battle create difficulty:easy",
      focused: { name: "problem", value: "two" },
    });

    expect(answer.choices).toEqual([{ name: "Two Sum · easy", value: expect.any(String) as unknown }]);
    const asked = playground.discord
      .interactions()
      .filter((each) => each.userId === alice && each.payload.type === 4);
    expect(asked.map((each) => [each.guildId, each.payload.context])).toEqual([[null, 1]]);
  }, 60_000);
});
