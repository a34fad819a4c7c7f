import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createFakeDiscord, type FakeDiscord, type InteractionHandle } from "../../fake-discord/index.js";
import { createArenaGuild } from "./arena-guild.js";

/**
 * An ephemeral reply or follow-up is shown to one member only: the channel routes never reach it, the
 * interaction's webhook does while its token lasts (fake-discord/README.md, "Interactions"). Raw HTTP calls
 * stand in for the bot, as in interaction-rules.test.ts.
 */
describe("ephemeral messages on the fake Discord", () => {
  const clock = new ManualClock(Date.now());
  let fake: FakeDiscord;
  let guildId: string;
  let channelId: string;
  let userId: string;
  const json = { "content-type": "application/json" };
  const headers = () => ({ authorization: `Bot ${fake.botToken}`, ...json });

  beforeAll(async () => {
    fake = await createFakeDiscord({ clock });
    ({ guildId, channelId, userId } = createArenaGuild(fake));
    fake.roles.grantBot(guildId, ["CreatePublicThreads"]);
    const response = await fetch(
      `${fake.apiUrl}/v10/applications/${fake.applicationId}/guilds/${guildId}/commands`,
      {
        method: "PUT",
        headers: headers(),
        body: JSON.stringify([{ name: "rank", description: "Your rank" }]),
      },
    );
    expect(response.status).toBe(200);
  });

  afterAll(async () => {
    await fake.close();
  });

  function channelRoute(path: string, method: string, body?: unknown): Promise<Response> {
    return fetch(`${fake.apiUrl}/v10/channels/${channelId}${path}`, {
      method,
      ...(body === undefined
        ? { headers: { authorization: `Bot ${fake.botToken}` } }
        : { headers: headers(), body: JSON.stringify(body) }),
    });
  }

  function webhookRoute(handle: InteractionHandle, path: string, method: string, body?: unknown) {
    return fetch(`${fake.apiUrl}/v10/webhooks/${fake.applicationId}/${handle.token}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: json, body: JSON.stringify(body) }),
    });
  }

  /** Runs /rank and answers it with `flags`, then sends a follow-up with the same flags. */
  async function answer(flags: number): Promise<{ handle: InteractionHandle; ids: string[] }> {
    const handle = fake.runCommand({ guildId, channelId, userId, name: "rank" });
    const callback = await fetch(`${fake.apiUrl}/v10/interactions/${handle.id}/${handle.token}/callback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: 4, data: { content: "Rank #3", flags } }),
    });
    expect(callback.status).toBe(204);
    const followUp = await webhookRoute(handle, "?wait=true", "POST", { content: "Tip", flags });
    expect(followUp.status).toBe(200);
    const reply = await handle.waitForFinal();
    return { handle, ids: [reply.id, ((await followUp.json()) as { id: string }).id] };
  }

  async function codeOf(response: Response): Promise<[number, number]> {
    return [response.status, ((await response.json()) as { code: number }).code];
  }

  it("reaches a public reply and follow-up through the channel routes", async () => {
    const { ids } = await answer(0);
    const listed = (await (await channelRoute("/messages", "GET")).json()) as { id: string }[];
    expect(listed.map((message) => message.id)).toEqual(expect.arrayContaining(ids));
    for (const id of ids) expect((await channelRoute(`/messages/${id}`, "GET")).status).toBe(200);
  });

  it("answers 10008 Unknown Message for an ephemeral reply or follow-up on every channel route", async () => {
    const { ids } = await answer(64);
    const listed = (await (await channelRoute("/messages", "GET")).json()) as { id: string }[];
    for (const id of ids) expect(listed.map((message) => message.id)).not.toContain(id);
    for (const id of ids) {
      expect(await codeOf(await channelRoute(`/messages/${id}`, "GET"))).toEqual([404, 10008]);
      expect(await codeOf(await channelRoute(`/messages/${id}`, "PATCH", { content: "x" }))).toEqual([
        404, 10008,
      ]);
      expect(await codeOf(await channelRoute(`/messages/${id}`, "DELETE"))).toEqual([404, 10008]);
      expect(await codeOf(await channelRoute(`/messages/${id}/threads`, "POST", { name: "Talk" }))).toEqual([
        404, 10008,
      ]);
    }
    expect(ids.map((id) => fake.message(id)?.content)).toEqual(["Rank #3", "Tip"]);
  });

  it("reaches an ephemeral reply and follow-up through the interaction's webhook for 15 minutes", async () => {
    const { handle, ids } = await answer(64);
    const [replyId = "", followUpId = ""] = ids;
    const original = await webhookRoute(handle, "/messages/@original", "GET");
    expect(((await original.json()) as { id: string }).id).toBe(replyId);
    const edited = await webhookRoute(handle, `/messages/${followUpId}`, "PATCH", { content: "Tip 2" });
    expect(((await edited.json()) as { content: string }).content).toBe("Tip 2");
    expect((await webhookRoute(handle, `/messages/${followUpId}`, "DELETE")).status).toBe(204);
    expect(fake.message(followUpId)).toBeUndefined();

    clock.advance(15 * 60_000);
    expect(await codeOf(await webhookRoute(handle, "/messages/@original", "GET"))).toEqual([401, 50027]);
  });
});
