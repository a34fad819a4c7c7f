import { REST } from "@discordjs/rest";
import { Routes } from "discord.js";
import { describe, expect, it } from "vitest";
import { useChannelPerTest } from "./channel-per-test.js";
import { failureOf } from "./failure-of.js";

describe("channel messages on the fake Discord", () => {
  const world = useChannelPerTest("announcements");

  it("keeps an uploaded file's bytes, name and description", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await world.rest.post(Routes.channelMessages(world.channelId), {
      body: { content: "Rating chart", attachments: [{ id: 0, description: "chart" }] },
      files: [{ name: "chart.png", data: png, contentType: "image/png" }],
    });
    const [message] = world.fake.messages(world.channelId);
    expect(message?.content).toBe("Rating chart");
    expect(message?.attachments[0]?.filename).toBe("chart.png");
    expect(message?.attachments[0]?.description).toBe("chart");
    expect(message?.attachments[0]?.data.equals(png)).toBe(true);
    const downloaded = Buffer.from(await (await fetch(message?.attachments[0]?.url ?? "")).arrayBuffer());
    expect(downloaded.equals(png)).toBe(true);
  });

  it("edits a message and keeps the earlier version", async () => {
    const sent = (await world.rest.post(Routes.channelMessages(world.channelId), {
      body: { content: "Battle waiting" },
    })) as { id: string };
    await world.rest.patch(Routes.channelMessage(world.channelId, sent.id), {
      body: { content: "Battle started" },
    });
    const message = world.fake.message(sent.id);
    expect(message?.content).toBe("Battle started");
    expect(message?.edits.map((edit) => edit.content)).toEqual(["Battle waiting"]);
  });

  it("keeps each version's allowed_mentions, and every message, deleted ones too", async () => {
    const alice = world.fake.createMember(world.guildId, { username: "alice" }).id;
    const sent = (await world.rest.post(Routes.channelMessages(world.channelId), {
      body: { content: "Battle waiting", allowed_mentions: { parse: [] } },
    })) as { id: string };
    await world.rest.patch(Routes.channelMessage(world.channelId, sent.id), {
      body: { content: `<@${alice}> won`, allowed_mentions: { users: [alice] } },
    });
    const gone = (await world.rest.post(Routes.channelMessages(world.channelId), {
      body: { content: "Oops" },
    })) as {
      id: string;
    };
    await world.rest.delete(Routes.channelMessage(world.channelId, gone.id));

    const all = world.fake.allMessages().filter((message) => message.channelId === world.channelId);
    expect(all.map((message) => [message.content, message.deleted])).toEqual([
      [`<@${alice}> won`, false],
      ["Oops", true],
    ]);
    expect(all[0]?.allowedMentions).toEqual({ users: [alice] });
    expect(all[0]?.edits.map((edit) => edit.allowedMentions)).toEqual([{ parse: [] }]);
    expect(all[1]?.allowedMentions).toBeNull();
  });

  it("lists a channel's messages newest first", async () => {
    for (const content of ["one", "two", "three"])
      await world.rest.post(Routes.channelMessages(world.channelId), { body: { content } });
    const listed = (await world.rest.get(Routes.channelMessages(world.channelId), {
      query: new URLSearchParams({ limit: "2" }),
    })) as { content: string }[];
    expect(listed.map((message) => message.content)).toEqual(["three", "two"]);
  });

  it("returns the first message for a repeated nonce with enforce_nonce", async () => {
    const body = { content: "Results", nonce: "outbox-42", enforce_nonce: true };
    const first = (await world.rest.post(Routes.channelMessages(world.channelId), { body })) as {
      id: string;
    };
    const second = (await world.rest.post(Routes.channelMessages(world.channelId), { body })) as {
      id: string;
    };
    expect(second.id).toBe(first.id);
    expect(world.fake.messages(world.channelId)).toHaveLength(1);
    expect(world.fake.stats.channelMessagesDeduplicated).toBe(1);
  });

  it("pings only the users allowed_mentions names", async () => {
    const alice = world.fake.createMember(world.guildId, { username: "alice" }).id;
    const bob = world.fake.createMember(world.guildId, { username: "bob" }).id;
    await world.rest.post(Routes.channelMessages(world.channelId), {
      body: { content: `<@${alice}> beat <@${bob}>`, allowed_mentions: { users: [alice] } },
    });
    expect(world.fake.messages(world.channelId)[0]?.mentionedUserIds).toEqual([alice]);
  });

  it.each([
    ["content over 2000 characters", { content: "x".repeat(2001) }, ["content"]],
    ["an embed title over 256", { embeds: [{ title: "t".repeat(257) }] }, ["embeds", "0", "title"]],
    [
      "26 embed fields",
      { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: "n", value: "v" })) }] },
      ["embeds", "0", "fields"],
    ],
    [
      "embeds over 6000 characters in total",
      { embeds: [{ description: "d".repeat(4000) }, { description: "d".repeat(2001) }] },
      ["embeds"],
    ],
    [
      "six action rows",
      {
        components: Array.from({ length: 6 }, (_, row) => ({
          type: 1,
          components: [{ type: 2, style: 1, label: "b", custom_id: `b${row}` }],
        })),
      },
      ["components"],
    ],
    [
      "a custom_id over 100",
      {
        components: [
          { type: 1, components: [{ type: 2, style: 1, label: "b", custom_id: "c".repeat(101) }] },
        ],
      },
      ["components", "0", "components", "0", "custom_id"],
    ],
  ])("rejects %s with 50035 naming the field", async (_case, body, path) => {
    const error = await failureOf(world.rest.post(Routes.channelMessages(world.channelId), { body }));
    expect(error.status).toBe(400);
    expect(error.code).toBe(50035);
    let node: unknown = error.rawError;
    for (const segment of ["errors", ...path]) node = (node as Record<string, unknown>)[segment];
    expect((node as { _errors: unknown[] })._errors.length).toBeGreaterThan(0);
  });

  it("rejects an empty message with 50006 and counts rejections", async () => {
    const before = world.fake.stats.rejectedMessages;
    const error = await failureOf(
      world.rest.post(Routes.channelMessages(world.channelId), { body: { content: "" } }),
    );
    expect(error.code).toBe(50006);
    expect(world.fake.stats.rejectedMessages).toBe(before + 1);
  });

  it("refuses an edit that would leave the message empty with 50006, and keeps the message as it was", async () => {
    const sent = (await world.rest.post(Routes.channelMessages(world.channelId), {
      body: { content: "Battle waiting" },
    })) as { id: string };
    const before = world.fake.stats.rejectedMessages;
    const patch = (body: unknown) =>
      world.rest.patch(Routes.channelMessage(world.channelId, sent.id), { body });
    for (const body of [{ content: "" }, { content: null }, { content: "   ", embeds: [] }]) {
      const error = await failureOf(patch(body));
      expect([error.status, error.code, error.message]).toEqual([400, 50006, "Cannot send an empty message"]);
    }
    expect(world.fake.stats.rejectedMessages).toBe(before + 3);
    expect(world.fake.message(sent.id)).toMatchObject({ content: "Battle waiting", edits: [] });
    // What the edit leaves is judged: an embed in place of the content, then the content back.
    await patch({ content: "", embeds: [{ title: "Battle started" }] });
    expect((await failureOf(patch({ embeds: null }))).code).toBe(50006);
    await patch({ content: "Battle over", embeds: [] });
    expect(world.fake.message(sent.id)).toMatchObject({ content: "Battle over", embeds: [] });
  });

  it("lets an edit empty the content of a message that keeps an attachment or a poll", async () => {
    const sent = (await world.rest.post(Routes.channelMessages(world.channelId), {
      body: { content: "Rating chart", attachments: [{ id: 0 }] },
      files: [{ name: "chart.png", data: Buffer.from([1, 2, 3]), contentType: "image/png" }],
    })) as { id: string; attachments: { id: string }[] };
    const kept = sent.attachments[0]?.id ?? "";
    await world.rest.patch(Routes.channelMessage(world.channelId, sent.id), {
      body: { content: "", attachments: [{ id: kept }] },
    });
    expect(world.fake.message(sent.id)?.attachments.map((attachment) => attachment.id)).toEqual([kept]);
    const error = await failureOf(
      world.rest.patch(Routes.channelMessage(world.channelId, sent.id), { body: { attachments: [] } }),
    );
    expect(error.code).toBe(50006);
    // No edit takes a poll away (Edit Message has no poll field), so the message is never left empty.
    const poll = (await world.rest.post(Routes.channelMessages(world.channelId), {
      body: {
        content: "Who wins?",
        poll: { question: { text: "Final" }, answers: [{ poll_media: { text: "alice" } }] },
      },
    })) as { id: string };
    await world.rest.patch(Routes.channelMessage(world.channelId, poll.id), { body: { content: "" } });
    expect(world.fake.message(poll.id)?.content).toBe("");
  });

  it("answers 10003 Unknown Channel once the channel is deleted", async () => {
    world.fake.deleteChannel(world.channelId);
    const error = await failureOf(
      world.rest.post(Routes.channelMessages(world.channelId), { body: { content: "hi" } }),
    );
    expect([error.status, error.code]).toEqual([404, 10003]);
  });

  it("answers 50001 Missing Access and 50013 Missing Permissions when denied", async () => {
    world.fake.denyChannelAccess(world.channelId);
    const access = await failureOf(
      world.rest.post(Routes.channelMessages(world.channelId), { body: { content: "hi" } }),
    );
    expect([access.status, access.code]).toEqual([403, 50001]);
    world.fake.denyChannelAccess(world.channelId, "missing-permissions");
    const permissions = await failureOf(
      world.rest.post(Routes.channelMessages(world.channelId), { body: { content: "hi" } }),
    );
    expect([permissions.status, permissions.code]).toEqual([403, 50013]);
  });

  it("answers 401 to another token", async () => {
    const stranger = new REST({ api: world.fake.apiUrl, retries: 0 }).setToken("not-the-token");
    const error = await failureOf(
      stranger.post(Routes.channelMessages(world.channelId), { body: { content: "hi" } }),
    );
    expect([error.status, error.code, error.message]).toEqual([401, 0, "401: Unauthorized"]);
  });

  it("drops connections unanswered during a connection-reset outage", async () => {
    world.fake.setOutage("reset");
    try {
      await expect(
        fetch(`${world.fake.apiUrl}/v10/channels/${world.channelId}`, {
          headers: { authorization: `Bot ${world.fake.botToken}` },
        }),
      ).rejects.toThrow();
    } finally {
      world.fake.setOutage(false);
    }
  });

  it("answers 503 during an outage", async () => {
    world.fake.setOutage(true);
    try {
      const response = await fetch(`${world.fake.apiUrl}/v10/channels/${world.channelId}`, {
        headers: { authorization: `Bot ${world.fake.botToken}` },
      });
      expect(response.status).toBe(503);
    } finally {
      world.fake.setOutage(false);
    }
  });

  it("answers 503 on one route down while the others work, until it is back", async () => {
    const get = () =>
      fetch(`${world.fake.apiUrl}/v10/channels/${world.channelId}`, {
        headers: { authorization: `Bot ${world.fake.botToken}` },
      });
    const post = () =>
      fetch(`${world.fake.apiUrl}/v10/channels/${world.channelId}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${world.fake.botToken}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "During the outage" }),
      });
    world.fake.setRouteOutage("POST /channels/:channelId/messages", true);
    try {
      expect((await post()).status).toBe(503);
      expect((await get()).status).toBe(200);
      expect(world.fake.messages(world.channelId).map((message) => message.content)).not.toContain(
        "During the outage",
      );
    } finally {
      world.fake.setRouteOutage("POST /channels/:channelId/messages", false);
    }
    expect((await post()).status).toBe(200);
  });
});
