import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type InteractionHandle } from "../../fake-discord/index.js";
import { createArenaGuild } from "./arena-guild.js";

/**
 * Who a message notifies: its mentions when it is created, never those an edit brings. "While editing a
 * message will update its `mentions` data, it does not actually produce any notifications" (Discord staff,
 * discord-api-docs issue 1419); so a deferred answer, made by editing the "thinking…" message, pings nobody
 * (issue 5497). Raw HTTP calls stand in for the bot.
 */
describe("pings on the fake Discord", () => {
  let fake: FakeDiscord;
  let guildId: string;
  let channelId: string;
  let userId: string;
  let bob: string;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    ({ guildId, channelId, userId } = createArenaGuild(fake));
    bob = fake.createMember(guildId, { username: "bob" }).id;
    const response = await fetch(
      `${fake.apiUrl}/v10/applications/${fake.applicationId}/guilds/${guildId}/commands`,
      {
        method: "PUT",
        headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
        body: JSON.stringify([{ name: "challenge", description: "Challenge a member" }]),
      },
    );
    expect(response.status).toBe(200);
  });

  afterAll(async () => {
    await fake.close();
  });

  const send = (method: string, path: string, body: unknown, auth = true): Promise<Response> =>
    fetch(`${fake.apiUrl}/v10${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...(auth ? { authorization: `Bot ${fake.botToken}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const mentionOfBob = () => ({
    content: `<@${bob}>, you are challenged`,
    allowed_mentions: { users: [bob] },
  });
  const mentionIds = async (response: Response) =>
    ((await response.json()) as { mentions: { id: string }[] }).mentions.map((user) => user.id);

  it("pings who a new message mentions, and nobody an edit adds, though its mentions show them", async () => {
    const created = await send("POST", `/channels/${channelId}/messages`, {
      content: "A challenge is coming",
    });
    const { id } = (await created.json()) as { id: string };
    const edited = await send("PATCH", `/channels/${channelId}/messages/${id}`, mentionOfBob());
    expect(edited.status).toBe(200);
    expect(await mentionIds(edited)).toEqual([bob]);
    expect(fake.message(id)?.mentionedUserIds).toEqual([]);

    const posted = await send("POST", `/channels/${channelId}/messages`, mentionOfBob());
    const again = (await posted.json()) as { id: string };
    expect(fake.message(again.id)?.mentionedUserIds).toEqual([bob]);
  });

  // Discord keeps no allowed_mentions on a message: an edit's content is parsed with the edit's own.
  it("parses an edit's new content with that edit's allowed_mentions, never the original's", async () => {
    const created = await send("POST", `/channels/${channelId}/messages`, {
      content: `<@${bob}> is up next`,
      allowed_mentions: { parse: [] },
    });
    const { id, mentions } = (await created.json()) as { id: string; mentions: unknown[] };
    expect(mentions).toEqual([]);
    const path = `/channels/${channelId}/messages/${id}`;
    const reworded = await send("PATCH", path, { content: `<@${bob}>, you are challenged` });
    expect(await mentionIds(reworded)).toEqual([bob]);
    expect(fake.message(id)?.allowedMentions).toBeNull();
    // An edit without content keeps the allowed_mentions it sends (what a test reads of an embed-only reply).
    const restyled = await send("PATCH", path, {
      embeds: [{ title: "Battle" }],
      allowed_mentions: { parse: [] },
    });
    expect(fake.message(id)?.allowedMentions).toEqual({ parse: [] });
    expect(await mentionIds(restyled)).toEqual([]);
    const quieted = await send("PATCH", path, {
      content: `<@${bob}>, you are challenged`,
      allowed_mentions: { parse: [] },
    });
    expect(await mentionIds(quieted)).toEqual([]);
    expect(fake.message(id)?.mentionedUserIds).toEqual([]);
  });

  const deferred = async (): Promise<InteractionHandle> => {
    const handle = fake.runCommand({ guildId, channelId, userId, name: "challenge" });
    const answer = await send(
      "POST",
      `/interactions/${handle.id}/${handle.token}/callback`,
      { type: 5 },
      false,
    );
    expect(answer.status).toBe(204);
    return handle;
  };

  it("pings nobody from a deferred answer, whether @original is edited or the first follow-up replaces it", async () => {
    const webhook = `/webhooks/${fake.applicationId}`;
    const viaEdit = await deferred();
    const edited = await send(
      "PATCH",
      `${webhook}/${viaEdit.token}/messages/@original`,
      mentionOfBob(),
      false,
    );
    expect(edited.status).toBe(200);
    expect(await mentionIds(edited)).toEqual([bob]);
    expect((await viaEdit.waitForFinal()).mentionedUserIds).toEqual([]);

    const viaFollowUp = await deferred();
    const followed = await send("POST", `${webhook}/${viaFollowUp.token}`, mentionOfBob(), false);
    expect(followed.status).toBe(200);
    expect((await viaFollowUp.waitForFinal()).mentionedUserIds).toEqual([]);
    // A second follow-up is a message of its own: it pings.
    const second = await send("POST", `${webhook}/${viaFollowUp.token}`, mentionOfBob(), false);
    const { id } = (await second.json()) as { id: string };
    expect(fake.message(id)?.mentionedUserIds).toEqual([bob]);
  });

  // Discord's documentation, Resources, Message, "Allowed Mentions Object": mentions are checked "against
  // user/bot permissions"; a role not mentionable by everyone, @everyone and @here need Mention Everyone.
  it("pings a role only when it is mentionable or the bot may mention everyone, and @everyone only with that", async () => {
    const open = fake.roles.create(guildId, { name: "Reminders", mentionable: true }).id;
    const closed = fake.roles.create(guildId, { name: "Staff" }).id;
    // A channel of its own: its four posts stay within the channel's own rate limit.
    const reminders = fake.createChannel(guildId, { name: "reminders" }).id;
    const post = async (body: unknown) => {
      const response = await send("POST", `/channels/${reminders}/messages`, body);
      expect(response.status).toBe(200);
      const rendered = (await response.json()) as {
        id: string;
        mention_roles: string[];
        mention_everyone: boolean;
      };
      return { rendered, stored: fake.message(rendered.id) };
    };
    const content = `<@&${open}> <@&${closed}> @everyone, the tournament starts soon`;

    const asked = await post({ content, allowed_mentions: { roles: [open, closed] } });
    expect(asked.stored?.mentionedRoleIds).toEqual([open]);
    expect(asked.rendered.mention_roles).toEqual([open]);
    expect(asked.stored?.mentionedEveryone).toBe(false);

    const unasked = await post({ content, allowed_mentions: { parse: [] } });
    expect(unasked.stored?.mentionedRoleIds).toEqual([]);

    fake.roles.grantBot(guildId, ["MentionEveryone"]);
    try {
      const everyone = await post({ content, allowed_mentions: { parse: ["roles", "everyone"] } });
      expect(everyone.stored?.mentionedRoleIds).toEqual([open, closed]);
      expect(everyone.rendered.mention_everyone).toBe(true);
      const rolesOnly = await post({ content, allowed_mentions: { parse: ["roles"] } });
      expect(rolesOnly.stored?.mentionedEveryone).toBe(false);
    } finally {
      fake.roles.revokeFromBot(guildId, ["MentionEveryone"]);
    }
  });
});
