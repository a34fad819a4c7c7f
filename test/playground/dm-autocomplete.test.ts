// The playground's DM asks the bot for an option's choices as Discord's client does in a DM with the app the
// member added to their account: an autocomplete interaction with no guild (context 1), answered by the bot.
import { describe, expect, it } from "vitest";
import { callbackType } from "../../fake-discord/index.js";
import { useWebPlayground } from "./web-playground.js";

describe("choices asked from the member's DM with the bot", () => {
  const { running, post } = useWebPlayground();

  it("sends the typed option to the bot as a DM autocomplete and answers with what the bot answered", async () => {
    const { playground } = running();
    const alice = playground.members.get("alice")?.user.id ?? "";
    await post("/api/dm/install", { member: "alice" });

    // `/battle create` is offered in a DM (its command reaches DMs) but needs a server, so the bot suggests
    // nothing for it there (test/e2e/user-install-dm.e2e.test.ts); no option the DM can run has suggestions.
    const answer = await post("/api/dm/autocomplete", {
      member: "alice",
      line: "/battle create difficulty:easy",
      focused: { name: "problem", value: "two" },
    });

    expect(answer).toEqual({ choices: [] });
    const asked = playground.discord
      .interactions()
      .filter((each) => each.userId === alice && each.payload.type === 4);
    expect(asked.map((each) => [each.guildId, each.payload.context, each.callback?.type])).toEqual([
      [null, 1, callbackType.autocompleteResult],
    ]);
    expect(asked[0]?.payload.data).toMatchObject({
      name: "battle",
      options: [
        {
          name: "create",
          options: [
            { name: "difficulty", value: "easy" },
            { name: "problem", value: "two", focused: true },
          ],
        },
      ],
    });
  }, 60_000);
});
