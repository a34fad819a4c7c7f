// What every rendered message must satisfy: Discord's documented limits, and mentions that ping exactly the
// members the content names (docs/architecture.md, "Rendering").
import type { APIEmbed } from "discord-api-types/v10";
import { expect } from "vitest";
import type { MessageBody } from "../../../src/discord/message-limits.js";

function embedLength(embed: APIEmbed): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.author?.name.length ?? 0) +
    (embed.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0)
  );
}

export function expectWithinDiscordLimits(body: MessageBody): void {
  expect(body.content?.length ?? 0).toBeLessThanOrEqual(2000);
  const embeds = body.embeds ?? [];
  expect(embeds.length).toBeLessThanOrEqual(10);
  expect(embeds.reduce((sum, embed) => sum + embedLength(embed), 0)).toBeLessThanOrEqual(6000);
  for (const embed of embeds) {
    expect(embed.title?.length ?? 0).toBeLessThanOrEqual(256);
    expect(embed.description?.length ?? 0).toBeLessThanOrEqual(4096);
    expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(2048);
    expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(25);
    for (const field of embed.fields ?? []) {
      expect(field.name.length).toBeGreaterThan(0);
      expect(field.name.length).toBeLessThanOrEqual(256);
      expect(field.value.length).toBeGreaterThan(0);
      expect(field.value.length).toBeLessThanOrEqual(1024);
    }
  }
  const rows = body.components ?? [];
  expect(rows.length).toBeLessThanOrEqual(5);
  for (const row of rows) {
    const components = "components" in row ? row.components : [];
    expect(components.length).toBeLessThanOrEqual(5);
    for (const component of components) {
      if ("custom_id" in component) expect(component.custom_id.length).toBeLessThanOrEqual(100);
      if ("label" in component) expect(component.label.length).toBeLessThanOrEqual(80);
    }
  }
}

/** The Discord ids the content mentions, in order of appearance. */
export function mentionedUsers(content: string | undefined): string[] {
  return [...(content ?? "").matchAll(/<@!?(\d+)>/g)].map((match) => match[1] ?? "");
}

/** allowed_mentions lets exactly the users the content mentions be pinged: no roles, no @everyone. */
export function expectPingsExactly(body: MessageBody, discordIds: readonly string[]): void {
  expect(body.allowed_mentions?.parse).toEqual([]);
  expect(body.allowed_mentions?.roles ?? []).toEqual([]);
  const users = body.allowed_mentions?.users ?? [];
  expect([...users].sort()).toEqual([...discordIds].sort());
  expect(new Set(mentionedUsers(body.content))).toEqual(new Set(users));
  expect(new Set(users).size).toBe(users.length);
}

/** Every text of the message, to search for what it says. */
export function textOf(body: MessageBody): string {
  const embedTexts = (body.embeds ?? []).flatMap((embed) => [
    embed.title ?? "",
    embed.description ?? "",
    ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
    embed.footer?.text ?? "",
  ]);
  return [body.content ?? "", ...embedTexts].join("\n");
}
