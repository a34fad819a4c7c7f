// Where an error goes after an ephemeral deferral: it replaces "thinking…" or a progress line, but never a
// finished answer, which stays with the error in a follow-up. Driven by the fake Discord over HTTP interactions.
import type { AddressInfo } from "node:net";
import { REST } from "@discordjs/rest";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { systemClock } from "../../src/clock.js";
import { createInFlightInteractions } from "../../src/discord/in-flight-interactions.js";
import { createInteractionDispatcher } from "../../src/discord/interaction-dispatcher.js";
import { defineCommand } from "../../src/discord/interaction-handlers.js";
import { UserFacingError } from "../../src/discord/user-facing-error.js";
import { createFakeDiscord, type FakeDiscord } from "../../src/fake-discord/index.js";
import { buildHttpApp } from "../../src/http/build-http-app.js";
import { readInteractionPublicKey } from "../../src/http/interaction-signature.js";
import { interactionsRoute } from "../../src/http/interactions-route.js";
import { createLogger } from "../../src/logger.js";

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
  let app: FastifyInstance;
  let at: { guildId: string; channelId: string; userId: string };

  beforeAll(async () => {
    const logger = createLogger({ level: "silent" });
    fake = await createFakeDiscord();
    const dispatch = createInteractionDispatcher<object>({
      deps: {},
      commands,
      components: [],
      modals: [],
      rest: new REST({ api: fake.apiUrl }),
      logger,
      clock: systemClock,
    });
    app = await buildHttpApp({ logger, readinessChecks: [] });
    await app.register(interactionsRoute, {
      publicKey: readInteractionPublicKey(fake.publicKey),
      dispatch,
      inFlight: createInFlightInteractions(logger),
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    await fake.setInteractionsEndpoint(`http://127.0.0.1:${String(port)}/interactions`);
    await fetch(`${fake.apiUrl}/v10/applications/${fake.applicationId}/commands`, {
      method: "PUT",
      headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
      body: JSON.stringify(commands.map((entry) => entry.data)),
    });
    const guildId = fake.createGuild({ name: "Arena" }).id;
    at = {
      guildId,
      channelId: fake.createChannel(guildId, { name: "general" }).id,
      userId: fake.createMember(guildId, { username: "alice" }).id,
    };
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
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
