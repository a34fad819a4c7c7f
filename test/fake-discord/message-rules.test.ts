// What Discord refuses in a channel message that its OpenAPI spec lets through, and what it takes (docs:
// Resources, Message; Components, Button; fake-discord/README.md, "Limits and errors"): an embed showing
// nothing, link schemes Discord does not take, buttons without what their style needs, content or embeds
// beside the Components V2 flag; and EPHEMERAL, which a channel message cannot set.
import { Routes } from "discord.js";
import { describe, expect, it } from "vitest";
import { useChannelPerTest } from "./channel-per-test.js";
import { failureOf } from "./failure-of.js";

/** A Components V2 text display, which shows markdown in place of a message's content. */
const textDisplay = { type: 10, content: "Shown as text" };

describe("channel message rules on the fake Discord", () => {
  const world = useChannelPerTest("announcements");

  it("never makes a channel message ephemeral: the flag is dropped and everyone sees the message", async () => {
    const sent = (await world.rest.post(Routes.channelMessages(world.channelId), {
      body: { content: "Meant for one member", flags: 64 | 4096 },
    })) as { id: string; flags: number };
    expect(sent.flags).toBe(4096);
    expect(world.fake.messages(world.channelId).map((message) => message.content)).toEqual([
      "Meant for one member",
    ]);
    const listed = (await world.rest.get(Routes.channelMessages(world.channelId))) as { id: string }[];
    expect(listed.map((message) => message.id)).toEqual([sent.id]);
  });

  it.each([
    ["an embed that shows nothing", { content: "x", embeds: [{ color: 1 }] }, ["embeds", "0", "description"]],
    [
      "an embed link that is not http(s)",
      { embeds: [{ title: "t", url: "javascript:alert(1)" }] },
      ["embeds", "0", "url"],
    ],
    [
      "a thumbnail without a scheme Discord fetches",
      { embeds: [{ title: "t", thumbnail: { url: "ftp://example.com/a.png" } }] },
      ["embeds", "0", "thumbnail", "url"],
    ],
    [
      "a link button to a host with no scheme",
      {
        content: "x",
        components: [
          { type: 1, components: [{ type: 2, style: 5, label: "Open", url: "localhost:3000/link" }] },
        ],
      },
      ["components", "0", "components", "0", "url"],
    ],
    [
      "a link button with a custom_id",
      {
        content: "x",
        components: [
          {
            type: 1,
            components: [{ type: 2, style: 5, label: "Open", url: "https://example.com", custom_id: "open" }],
          },
        ],
      },
      ["components", "0", "components", "0", "custom_id"],
    ],
    [
      "a button with neither label nor emoji",
      { content: "x", components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: "mute" }] }] },
      ["components", "0", "components", "0", "label"],
    ],
    // Components V2 (flag 1 << 15): components only (docs: Create Message, "flags").
    [
      "content beside the Components V2 flag",
      { content: "x", flags: 1 << 15, components: [textDisplay] },
      ["content"],
    ],
    [
      "embeds beside the Components V2 flag",
      { embeds: [{ title: "t" }], flags: 1 << 15, components: [textDisplay] },
      ["embeds"],
    ],
  ])("rejects %s with 50035 naming the field", async (_case, body, path) => {
    const error = await failureOf(world.rest.post(Routes.channelMessages(world.channelId), { body }));
    expect(error.status).toBe(400);
    expect(error.code).toBe(50035);
    let node: unknown = error.rawError;
    for (const segment of ["errors", ...path]) node = (node as Record<string, unknown>)[segment];
    expect((node as { _errors: unknown[] })._errors.length).toBeGreaterThan(0);
  });

  it("holds an edit of a Components V2 message to the flag, which the message keeps, repeated or not", async () => {
    const sent = (await world.rest.post(Routes.channelMessages(world.channelId), {
      body: { flags: 1 << 15, components: [textDisplay] },
    })) as { id: string };
    for (const body of [{ content: "Added later" }, { embeds: [{ title: "Added later" }] }]) {
      const error = await failureOf(
        world.rest.patch(Routes.channelMessage(world.channelId, sent.id), { body }),
      );
      expect([error.status, error.code]).toEqual([400, 50035]);
    }
    expect(world.fake.message(sent.id)?.content).toBe("");
  });

  it("takes an image of an uploaded file, a link into Discord and an emoji-only button", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await world.rest.post(Routes.channelMessages(world.channelId), {
      body: {
        embeds: [{ image: { url: "attachment://chart.png" } }],
        components: [
          {
            type: 1,
            components: [
              { type: 2, style: 5, label: "Open", url: "discord://-/channels/@me" },
              { type: 2, style: 2, custom_id: "star", emoji: { name: "⭐" } },
            ],
          },
        ],
        attachments: [{ id: 0 }],
      },
      files: [{ name: "chart.png", data: png, contentType: "image/png" }],
    });
    expect(world.fake.messages(world.channelId)).toHaveLength(1);
  });
});
