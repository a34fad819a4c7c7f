import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral } from "../../fake-discord/messages/message-types.js";
import { callbackType } from "../../fake-discord/interactions/interaction-record.js";
import type { RunCommandInput } from "../../fake-discord/index.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { interactionsModes } from "./interactions-modes.js";
import { buttons } from "./support/message-parts.js";

const ephemeralFlag = 1 << 6;

// A public answer is deferred only after the link check (docs/architecture.md, "Commands"): an unlinked member
// asking for one gets the link prompt as the first, private, response, and the channel never shows the bot
// "thinking…" for everyone.
const publicAsks: readonly (readonly [string, Pick<RunCommandInput, "name" | "subcommand" | "options">])[] = [
  ["/rank public:true", { name: "rank", options: { public: true } }],
  ["/stats public:true", { name: "stats", options: { public: true } }],
  ["/profile view public:true", { name: "profile", subcommand: "view", options: { public: true } }],
  ["/leaderboard global", { name: "leaderboard", subcommand: "global" }],
];

describe.each(interactionsModes)("public answers to an unlinked member, interactions over %s", (mode) => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startEndToEnd({ interactionsMode: mode });
  });
  afterAll(async () => {
    await world.close();
  });

  it.each(publicAsks)("%s answers with the private link prompt first", async (_name, command) => {
    const before = world.discord.messages(world.channelId).length;
    const handle = world.discord.runCommand({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: world.members.admin.id,
      ...command,
    });
    const first = await handle.response();
    expect(first.type).toBe(callbackType.channelMessage);
    expect(Number(first.data?.flags ?? 0) & ephemeralFlag).toBe(ephemeralFlag);
    const reply = await handle.waitForFinal();
    expect(isEphemeral(reply)).toBe(true);
    expect(reply.content).toMatch(/haven't linked/);
    expect(buttons(reply).map((button) => button.custom_id)).toContain("link:start");
    expect(world.discord.messages(world.channelId)).toHaveLength(before);
  });
});
