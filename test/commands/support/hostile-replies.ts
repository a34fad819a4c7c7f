// What the hostile-reply tests share: fixed times, a renderer's shape, the bot's own mentions removed, and the
// test every renderer gets.
import { describe, it } from "vitest";
import type { Reply } from "../../../src/discord/interaction-responder.js";
import { expectInert, hostileTexts } from "../../support/hostile-text.js";

export const now = Date.UTC(2026, 0, 1);
export const at = "2026-01-01T00:00:00.000Z";

/** A renderer given `text` in every field the platform (or a member's platform account) fills. */
export type HostileRenderer = readonly [string, (text: string) => Reply];

// The mentions the bot itself writes (the fixtures' member and channel ids) are meant; only platform text must be inert.
const botMentions = /<[@#](?:200|300|100000000000000001|100000000000000002)>/g;

export function withoutBotMentions(reply: Reply): unknown {
  return JSON.parse(JSON.stringify(reply).replace(botMentions, "@member")) as unknown;
}

/** Every renderer with every hostile text: what it replies shows the text as text. */
export function testRepliesShowTextAsText(renderers: readonly HostileRenderer[]): void {
  describe("command replies show hostile platform text as text", () => {
    const cases = renderers.flatMap(([name, render]) =>
      hostileTexts.map((hostile) => [name, hostile, render] as const),
    );

    it.each(cases)("%s with %j", (_name, hostile, render) => {
      expectInert(withoutBotMentions(render(hostile)));
    });
  });
}
