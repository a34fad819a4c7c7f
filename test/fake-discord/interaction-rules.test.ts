import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { InteractionExpiredError } from "../../fake-discord/index.js";
import { useRawInteractions } from "./raw-interactions.js";

/**
 * Discord's rules for interaction responses, checked with raw HTTP calls standing in for the bot (no
 * gateway client is connected, so interactions wait for these calls).
 */
describe("interaction response rules of the fake Discord", () => {
  const clock = new ManualClock(Date.now());
  const { world, run, callback, webhook } = useRawInteractions(clock);

  async function errorsOf(response: Response): Promise<{ code: number; errors?: Record<string, unknown> }> {
    return (await response.json()) as { code: number; errors?: Record<string, unknown> };
  }

  it("returns the message with with_response and serves @original sent URL-encoded", async () => {
    const handle = run();
    const response = await callback(handle, { type: 4, data: { content: "Rank #3" } }, "?with_response=true");
    const body = (await response.json()) as { resource: { message: { id: string; content: string } } };
    expect(body.resource.message.content).toBe("Rank #3");
    const edit = await fetch(
      `${world.fake.apiUrl}/v10/webhooks/${world.fake.applicationId}/${handle.token}/messages/%40original`,
      {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ content: "Rank #2" }),
      },
    );
    expect(edit.status).toBe(200);
    expect(world.fake.message(body.resource.message.id)?.content).toBe("Rank #2");
  });

  it("answers 40060 to a second response", async () => {
    const handle = run();
    expect((await callback(handle, { type: 5 })).status).toBe(204);
    const second = await callback(handle, { type: 4, data: { content: "again" } });
    expect([second.status, (await errorsOf(second)).code]).toEqual([400, 40060]);
  });

  it("answers 10062 to an unknown token", async () => {
    const handle = run();
    const response = await fetch(`${world.fake.apiUrl}/v10/interactions/${handle.id}/wrong-token/callback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: 5 }),
    });
    expect([response.status, (await errorsOf(response)).code]).toEqual([404, 10062]);
  });

  it("expires an interaction after 3 s and answers a late callback with 10062", async () => {
    const handle = run();
    clock.advance(3001);
    await expect(handle.response()).rejects.toBeInstanceOf(InteractionExpiredError);
    const late = await callback(handle, { type: 5 });
    expect([late.status, (await errorsOf(late)).code]).toEqual([404, 10062]);
    expect(handle.lateCallbacks).toBe(1);
  });

  it("refuses a follow-up before the initial response with 10015", async () => {
    const response = await webhook(run(), "?wait=true", "POST", { content: "too early" });
    expect([response.status, (await errorsOf(response)).code]).toEqual([404, 10015]);
  });

  it("refuses the interaction's webhook 15 minutes after the interaction with 401 50027", async () => {
    const handle = run();
    await callback(handle, { type: 5 });
    const edit = () => webhook(handle, "/messages/@original", "PATCH", { content: "late" });
    clock.advance(15 * 60_000 - 1);
    expect((await edit()).status).toBe(200);
    clock.advance(1);
    const late = await edit();
    expect([late.status, (await errorsOf(late)).code]).toEqual([401, 50027]);
  });

  it("replaces the thinking message with the first follow-up after a deferral", async () => {
    const handle = run();
    await callback(handle, { type: 5, data: { flags: 64 } });
    await webhook(handle, "?wait=true", "POST", { content: "done" });
    const final = await handle.waitForFinal();
    expect(final.content).toBe("done");
    expect(handle.followUps()).toHaveLength(0);
  });

  it("keeps only EPHEMERAL of a deferral's flags, the one flag a deferral takes", async () => {
    const handle = run();
    await callback(handle, { type: 5, data: { flags: 64 | 4096 | 4 } });
    const deferred = world.fake.message(handle.original()?.id ?? "");
    expect((deferred?.flags ?? 0) & (64 | 4096 | 4)).toBe(64);
  });

  // Edit Message and Edit Webhook Message change SUPPRESS_EMBEDS (and set IS_COMPONENTS_V2) only; the
  // ephemeral flag of an edit is ignored, as is a first follow-up's after a deferral (Create Followup Message).
  it("keeps a public deferral public when @original is edited with the ephemeral flag", async () => {
    const handle = run();
    await callback(handle, { type: 5 });
    const edit = await webhook(handle, "/messages/@original", "PATCH", { content: "Rank #4", flags: 64 });
    expect(edit.status).toBe(200);
    expect(((await edit.json()) as { flags: number }).flags & 64).toBe(0);
    const final = await handle.waitForFinal();
    expect(final.flags & 64).toBe(0);
    expect(world.fake.messages(world.channelId).map((message) => message.id)).toContain(final.id);
  });

  it("keeps a public deferral public when its first follow-up asks to be ephemeral", async () => {
    const handle = run();
    await callback(handle, { type: 5 });
    const followUp = await webhook(handle, "?wait=true", "POST", { content: "Rank #5", flags: 64 });
    expect(followUp.status).toBe(200);
    const final = await handle.waitForFinal();
    expect([final.content, final.flags & 64]).toEqual(["Rank #5", 0]);
    expect(handle.followUps()).toHaveLength(0);
    // A later follow-up is a new message, and may be ephemeral.
    const later = await webhook(handle, "?wait=true", "POST", { content: "Only you", flags: 64 });
    expect(((await later.json()) as { flags: number }).flags & 64).toBe(64);
  });

  it("keeps an ephemeral reply ephemeral when an edit sends flags 0, and sets or unsets SUPPRESS_EMBEDS", async () => {
    const handle = run();
    await callback(handle, { type: 4, data: { content: "Rank #6", flags: 64 } });
    const suppressed = await webhook(handle, "/messages/@original", "PATCH", { flags: 4 });
    expect(((await suppressed.json()) as { flags: number }).flags).toBe(64 | 4);
    const edit = await webhook(handle, "/messages/@original", "PATCH", { content: "Rank #7", flags: 0 });
    expect(edit.status).toBe(200);
    const message = (await edit.json()) as { id: string; flags: number };
    expect(message.flags).toBe(64);
    expect(world.fake.message(message.id)?.content).toBe("Rank #7");
    expect(world.fake.messages(world.channelId).map((each) => each.id)).not.toContain(message.id);
  });

  it("refuses an edit of @original that leaves it empty with 50006, a deferral's too", async () => {
    const deferred = run();
    await callback(deferred, { type: 5 });
    const empty = await webhook(deferred, "/messages/@original", "PATCH", { flags: 64 });
    expect([empty.status, (await errorsOf(empty)).code]).toEqual([400, 50006]);
    expect((await webhook(deferred, "/messages/@original", "PATCH", { content: "Rank #8" })).status).toBe(
      200,
    );
    const replied = run();
    await callback(replied, { type: 4, data: { content: "Rank #9" } });
    const cleared = await webhook(replied, "/messages/@original", "PATCH", { content: "", components: [] });
    expect([cleared.status, (await errorsOf(cleared)).code]).toEqual([400, 50006]);
    expect((await replied.waitForFinal()).content).toBe("Rank #9");
  });

  it("refuses an UPDATE_MESSAGE that would leave the button's message empty with 50006", async () => {
    const card = (await (
      await fetch(`${world.fake.apiUrl}/v10/channels/${world.channelId}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${world.fake.botToken}`, "content-type": "application/json" },
        body: JSON.stringify({
          components: [{ type: 1, components: [{ type: 2, style: 1, label: "Join", custom_id: "join" }] }],
        }),
      })
    ).json()) as { id: string };
    const press = () => world.fake.pressButton({ message: card.id, customId: "join", userId: world.userId });
    const refused = await callback(press(), { type: 7, data: { components: [] } });
    expect([refused.status, (await errorsOf(refused)).code]).toEqual([400, 50006]);
    expect(world.fake.message(card.id)?.components).toHaveLength(1);
    expect((await callback(press(), { type: 7, data: { content: "Full", components: [] } })).status).toBe(
      204,
    );
    expect(world.fake.message(card.id)).toMatchObject({ content: "Full", components: [] });
  });

  it.each([
    [
      "a modal title over 45",
      {
        type: 9,
        data: {
          custom_id: "m",
          title: "t".repeat(46),
          components: [{ type: 1, components: [{ type: 4, custom_id: "a", label: "A", style: 1 }] }],
        },
      },
      ["data", "title"],
    ],
    [
      "six modal rows",
      {
        type: 9,
        data: {
          custom_id: "m",
          title: "T",
          components: Array.from({ length: 6 }, (_, row) => ({
            type: 1,
            components: [{ type: 4, custom_id: `a${row}`, label: "A", style: 1 }],
          })),
        },
      },
      ["data", "components"],
    ],
    [
      "a text input max_length over 4000",
      {
        type: 9,
        data: {
          custom_id: "m",
          title: "T",
          components: [
            { type: 1, components: [{ type: 4, custom_id: "a", label: "A", style: 2, max_length: 4001 }] },
          ],
        },
      },
      ["data", "components", "0", "components", "0", "max_length"],
    ],
    ["reply content over 2000", { type: 4, data: { content: "x".repeat(2001) } }, ["data", "content"]],
  ])("rejects %s with 50035", async (_case, body, path) => {
    const response = await callback(run(), body);
    const error = await errorsOf(response);
    expect([response.status, error.code]).toEqual([400, 50035]);
    let node: unknown = error.errors;
    for (const segment of path) node = (node as Record<string, unknown>)[segment];
    expect(node).toHaveProperty("_errors");
  });

  it("rejects 26 autocomplete choices", async () => {
    const handle = world.fake.autocomplete({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: world.userId,
      name: "join",
      focused: { name: "id", value: "1" },
    });
    const choices = Array.from({ length: 26 }, (_, index) => ({
      name: `Battle ${index}`,
      value: String(index),
    }));
    const response = await callback(handle, { type: 8, data: { choices } });
    expect((await errorsOf(response)).errors).toHaveProperty(["data", "choices"]);
  });

  it("rejects a callback type the interaction cannot take", async () => {
    const response = await callback(run(), { type: 8, data: { choices: [] } });
    expect([response.status, (await errorsOf(response)).code]).toEqual([400, 50035]);
  });

  it("hides a command behind default_member_permissions unless the member has them", () => {
    expect(() => run("setup")).toThrow(/cannot use \/setup/);
    const admin = world.fake.createMember(world.guildId, {
      username: "admin",
      permissions: ["ManageGuild"],
    }).id;
    const handle = world.fake.runCommand({
      guildId: world.guildId,
      channelId: world.channelId,
      userId: admin,
      name: "setup",
    });
    const manageGuild = 1n << 5n;
    expect(BigInt((handle.payload.member as { permissions: string }).permissions) & manageGuild).toBe(
      manageGuild,
    );
  });
});
