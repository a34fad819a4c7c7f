import { describe, expect, it } from "vitest";
import { AllowedMentionsTypes } from "discord-api-types/v10";
import { discordLimits } from "../../src/discord/discord-limits.js";
import { clampEmbed, normaliseMessage } from "../../src/discord/message-limits.js";

function totalEmbedCharacters(
  embeds: readonly { title?: string; description?: string; fields?: { name: string; value: string }[] }[],
) {
  return embeds.reduce(
    (sum, embed) =>
      sum +
      (embed.title?.length ?? 0) +
      (embed.description?.length ?? 0) +
      (embed.fields ?? []).reduce((fieldSum, field) => fieldSum + field.name.length + field.value.length, 0),
    0,
  );
}

describe("message limits", () => {
  it("cuts content and embed text between graphemes, never through an emoji", () => {
    const emoji = "👨‍👩‍👧‍👦";
    const message = normaliseMessage({
      content: `${"x".repeat(1995)}${emoji}`,
      embeds: [{ title: `${"t".repeat(250)}${emoji}`, fields: [{ name: "n", value: emoji.repeat(100) }] }],
    });
    const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(message.content).toBe(`${"x".repeat(1995)}…`);
    expect(message.embeds[0]?.title).toBe(`${"t".repeat(250)}…`);
    const value = message.embeds[0]?.fields[0]?.value ?? "";
    expect(value.length).toBeLessThanOrEqual(discordLimits.embedFieldValue);
    expect(value).toBe(`${emoji.repeat(93)}…`);
    expect(JSON.stringify(message)).not.toMatch(unpairedSurrogate);
  });

  it("clamps fields, field values and the total embed size", () => {
    const embed = clampEmbed({
      title: "t".repeat(400),
      description: "d".repeat(5000),
      fields: Array.from({ length: 40 }, (_, index) => ({ name: `field ${index}`, value: "v".repeat(2000) })),
    });
    expect(embed.title).toHaveLength(discordLimits.embedTitle);
    expect(embed.fields?.length).toBeLessThanOrEqual(discordLimits.embedFields);
    for (const field of embed.fields ?? [])
      expect(field.value.length).toBeLessThanOrEqual(discordLimits.embedFieldValue);
    expect(totalEmbedCharacters([embed])).toBeLessThanOrEqual(discordLimits.embedTotal);
  });

  it("never sends a field, footer or author of whitespace alone, which Discord refuses as empty", () => {
    const [embed] = normaliseMessage({
      embeds: [
        {
          title: "Cup",
          fields: [
            { name: "Prize", value: " \n " },
            { name: "\t", value: "500" },
          ],
          footer: { text: "  " },
          author: { name: "\n", icon_url: "https://example.com/a.png" },
        },
      ],
    }).embeds;
    expect(embed?.fields).toEqual([
      { name: "Prize", value: "\u200b" },
      { name: "\u200b", value: "500" },
    ]);
    expect(embed).not.toHaveProperty("footer");
    expect(embed).not.toHaveProperty("author");
    expect(embed?.title).toBe("Cup");
  });

  it("keeps all embeds of a message within 6000 characters together and mentions nobody by default", () => {
    const message = normaliseMessage({
      content: "c".repeat(2500),
      embeds: Array.from({ length: 12 }, () => ({ description: "d".repeat(4000) })),
    });
    expect(message.content).toHaveLength(discordLimits.content);
    expect(message.embeds.length).toBeLessThanOrEqual(discordLimits.embedsPerMessage);
    expect(totalEmbedCharacters(message.embeds)).toBeLessThanOrEqual(discordLimits.embedTotal);
    expect(totalEmbedCharacters(message.embeds)).toBeGreaterThan(discordLimits.embedTotal - 10);
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });

  it("keeps mentions a caller allowed explicitly", () => {
    const message = normaliseMessage({ content: "<@1>", allowed_mentions: { users: ["1"] } });
    expect(message.allowed_mentions).toEqual({ users: ["1"], parse: [], roles: [] });
  });
});

describe("normaliseMessage's allowed mentions", () => {
  it("never lets a role, @everyone or @here be pinged, whatever the caller asked", () => {
    const body = normaliseMessage({
      content: "@everyone <@&123>",
      allowed_mentions: { parse: [AllowedMentionsTypes.Everyone, AllowedMentionsTypes.Role], roles: ["123"] },
    });
    expect(body.allowed_mentions).toEqual({ parse: [], roles: [] });
  });

  it("keeps the users a caller lists", () => {
    const body = normaliseMessage({ content: "<@1>", allowed_mentions: { parse: [], users: ["1"] } });
    expect(body.allowed_mentions).toEqual({ parse: [], users: ["1"], roles: [] });
  });

  it("lets a message ping the one role the bot names apart from its body, and no other role or everyone", () => {
    const body = normaliseMessage(
      {
        content: "<@&300000000000000001> <@&300000000000000002> @everyone",
        allowed_mentions: {
          parse: [AllowedMentionsTypes.Role, AllowedMentionsTypes.Everyone],
          roles: ["300000000000000002"],
        },
      },
      { roleToPing: "300000000000000001" },
    );
    expect(body.allowed_mentions).toEqual({ parse: [], roles: ["300000000000000001"] });
  });

  it("pings no role when the role to ping is not a Discord id", () => {
    for (const roleToPing of ["everyone", "@here", "", "12 34"]) {
      const body = normaliseMessage({ content: "hello", allowed_mentions: { parse: [] } }, { roleToPing });
      expect(body.allowed_mentions).toEqual({ parse: [], roles: [] });
    }
  });
});
