// Where an error goes after an ephemeral deferral: it replaces "thinking…" or a progress line, but never a
// finished answer, which stays with the error in a follow-up. Driven by the fake Discord over HTTP interactions.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defineCommand } from "../../src/discord/interaction-handlers.js";
import { UserFacingError } from "../../src/discord/user-facing-error.js";
import type { FakeDiscord } from "../../src/fake-discord/index.js";
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
];

describe("an error after an ephemeral deferral", () => {
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
    const original = await vi.waitFor(() => {
      const message = handle.original();
      if (message === undefined || message.content.startsWith("⏳")) throw new Error("still in progress");
      return message;
    });
    expect(original.content).toContain("The platform refused that.");
    expect(original.embeds).toEqual([]);
    expect(handle.followUps()).toEqual([]);
  });

  it("keeps a finished answer and sends the error after it", async () => {
    const handle = fake.runCommand({ ...at, name: "answer-then-fail" });
    const followUp = await vi.waitFor(() => {
      const [first] = handle.followUps();
      if (first === undefined) throw new Error("no follow-up yet");
      return first;
    });
    expect(followUp.content).toContain("The platform refused that.");
    expect(handle.original()?.embeds[0]?.title).toBe("Saved");
    expect(handle.original()?.content).toBe("");
  });
});
