// Discord takes an autocomplete answer within 3 s, like any first response, and suggestions often come from the
// platform: one slower than that is cut short with no choices rather than left unanswered. Driven by the fake
// Discord over HTTP interactions.
import { ApplicationCommandOptionType } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineCommand } from "../../src/discord/interaction-handlers.js";
import { createGate } from "../http/interaction-fixtures.js";
import { startRouteOverFakeDiscord, type RouteOverFakeDiscord } from "../http/route-over-fake-discord.js";

const data = {
  name: "find",
  description: "find",
  type: 1,
  options: [
    { name: "query", description: "query", type: ApplicationCommandOptionType.String, autocomplete: true },
  ],
} as const;

const platformAnswers = createGate();
let suggestionsFinished = false;

const slowSuggestions = defineCommand<object, typeof data>({
  data,
  acknowledge: "ephemeral",
  async run(_deps, { responder }) {
    await responder.reply({ content: "found" });
  },
  async autocomplete() {
    await platformAnswers.opened;
    suggestionsFinished = true;
    return [{ name: "too late", value: "late" }];
  },
});

describe("an autocomplete whose suggestions take longer than Discord waits", () => {
  let route: RouteOverFakeDiscord;

  beforeAll(async () => {
    route = await startRouteOverFakeDiscord([slowSuggestions]);
  });
  afterAll(async () => {
    platformAnswers.open();
    await route.close();
  });

  it("answers no choices within Discord's 3 s", async () => {
    const handle = route.fake.autocomplete({
      ...route.at,
      name: "find",
      focused: { name: "query", value: "a" },
    });
    expect(await handle.choices()).toEqual([]);
    expect(suggestionsFinished).toBe(false);
  });
});
