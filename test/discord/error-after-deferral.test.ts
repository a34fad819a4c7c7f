// Where an error goes after a deferral: it replaces "thinking…" or a progress line, but never a finished answer,
// which stays with the error in a follow-up; and it is seen only by the member, even after a public deferral. Driven by the fake Discord over HTTP interactions.
import { ButtonStyle, ComponentType } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defineCommand } from "../../src/discord/interaction-handlers.js";
import { UserFacingError } from "../../src/discord/user-facing-error.js";
import type { FakeDiscord, StoredMessage } from "../../fake-discord/index.js";
import { startRouteOverFakeDiscord, type RouteOverFakeDiscord } from "../http/route-over-fake-discord.js";

const command = (name: string) => ({ name, description: name, type: 1 }) as const;
const refusal = () => new UserFacingError("refused", "The platform refused that.");

const commands = [
  defineCommand<object, ReturnType<typeof command>>({
    data: command("progress-then-fail"),
    acknowledge: "ephemeral",
    async run(_deps, { responder }) {
      await responder.showProgress({ content: "⏳ Fetching…", ephemeral: true });
      throw refusal();
    },
  }),
  defineCommand<object, ReturnType<typeof command>>({
    data: command("answer-then-fail"),
    acknowledge: "ephemeral",
    async run(_deps, { responder }) {
      await responder.reply({ embeds: [{ title: "Saved" }], ephemeral: true });
      throw refusal();
    },
  }),
  defineCommand<object, ReturnType<typeof command>>({
    data: command("public-edit-refused"),
    acknowledge: "public",
    async run(_deps, { responder }) {
      // Two buttons with one custom_id: Discord refuses the edit with 400, so "@original" stays "thinking…".
      const button = {
        type: ComponentType.Button,
        style: ButtonStyle.Primary,
        label: "Join",
        custom_id: "join",
      } as const;
      await responder.reply({
        components: [{ type: ComponentType.ActionRow, components: [button, button] }],
      });
    },
  }),
];

describe("an error after a deferral", () => {
  let fake: FakeDiscord;
  let at: RouteOverFakeDiscord["at"];
  let route: RouteOverFakeDiscord;

  beforeAll(async () => {
    route = await startRouteOverFakeDiscord(commands);
    ({ fake, at } = route);
  });
  afterAll(async () => {
    await route.close();
  });

  it("replaces a progress line, leaving nothing behind", async () => {
    const handle = fake.runCommand({ ...at, name: "progress-then-fail" });
    // Until its first edit the original is the deferral's "thinking…" (flag 128, Loading); then the progress line.
    const original = await vi.waitFor(
      () => {
        const message = handle.original();
        const thinking = message !== undefined && (message.flags & 128) !== 0;
        if (message === undefined || thinking || message.content.startsWith("⏳"))
          throw new Error("still in progress");
        return message;
      },
      { timeout: 15_000 },
    );
    expect(original.content).toContain("The platform refused that.");
    expect(original.embeds).toEqual([]);
    expect(handle.followUps()).toEqual([]);
  });

  it("stays private when the edit of a public deferral was refused: the public 'thinking…' goes away", async () => {
    const handle = fake.runCommand({ ...at, name: "public-edit-refused" });
    const followUp = await firstFollowUp(handle);
    expect(followUp.flags & 64).toBe(64);
    expect(followUp.content).toMatch(/Something went wrong/);
    expect(handle.original()).toBeUndefined();
  });

  it("keeps a finished answer and sends the error after it", async () => {
    const handle = fake.runCommand({ ...at, name: "answer-then-fail" });
    const followUp = await firstFollowUp(handle);
    expect(followUp.content).toContain("The platform refused that.");
    expect(handle.original()?.embeds[0]?.title).toBe("Saved");
    expect(handle.original()?.content).toBe("");
  });
});

/** The first follow-up of an interaction, once the bot sent it. */
function firstFollowUp(handle: { followUps(): readonly StoredMessage[] }): Promise<StoredMessage> {
  return vi.waitFor(
    () => {
      const [first] = handle.followUps();
      if (first === undefined) throw new Error("no follow-up yet");
      return first;
    },
    { timeout: 15_000 },
  );
}
