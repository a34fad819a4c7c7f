import { describe, expect, it } from "vitest";
import { discordLimits } from "../../src/discord/discord-limits.js";
import { clampEmbed, normaliseMessage } from "../../src/discord/message-limits.js";
import { truncateText } from "../../src/display/truncate-text.js";

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
  it("truncates long text with an ellipsis and leaves short text alone", () => {
    expect(truncateText("short", 10)).toBe("short");
    const cut = truncateText("x".repeat(3000), 2000);
    expect(cut).toHaveLength(2000);
    expect(cut.endsWith("…")).toBe(true);
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
    expect(message.allowed_mentions).toEqual({ users: ["1"] });
  });
});
