import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
} from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { combineMessages } from "../../src/discord/combine-messages.js";
import type { RenderedMessage } from "../../src/display/rendered-message.js";

const ada = "400000000000000001";
const bob = "400000000000000002";

function announcement(title: string, ping: readonly string[] = []): RenderedMessage {
  return {
    ...(ping.length === 0 ? {} : { content: ping.map((id) => `<@${id}>`).join(" ") }),
    embeds: [{ title }],
    allowed_mentions: { parse: [], users: [...ping] },
  };
}

const button: APIActionRowComponent<APIButtonComponent> = {
  type: ComponentType.ActionRow,
  components: [
    { type: ComponentType.Button, style: ButtonStyle.Primary, label: "Join", custom_id: "join:1" },
  ],
};

describe("combining announcements into one message", () => {
  it("puts their embeds one after another and their ping lines together, pinging each post's members", () => {
    const { message, fits } = combineMessages([
      announcement("A", [ada]),
      announcement("B"),
      announcement("C", [bob]),
    ]);

    expect(fits).toBe(true);
    expect(message).toEqual({
      content: `<@${ada}>\n<@${bob}>`,
      embeds: [{ title: "A" }, { title: "B" }, { title: "C" }],
      allowed_mentions: { parse: [], users: [ada, bob], roles: [] },
    });
  });

  it("refuses when one post names a member it does not ping and another post would ping them", () => {
    const naming: RenderedMessage = {
      content: `Congratulations <@${ada}>`,
      embeds: [{ title: "A" }],
      allowed_mentions: { parse: [], users: [] },
    };

    const { message, fits } = combineMessages([naming, announcement("B", [ada])]);

    expect(fits).toBe(false);
    expect(message.allowed_mentions).toEqual({ parse: [], users: [], roles: [] });
  });

  it("refuses more than ten embeds, a text-only post, and buttons from two posts", () => {
    const eleven = Array.from({ length: 11 }, (_, index) => announcement(`E${index}`));
    const withButtons: RenderedMessage = { ...announcement("A"), components: [button] };

    expect(combineMessages(eleven.slice(0, 10)).fits).toBe(true);
    expect(combineMessages(eleven).fits).toBe(false);
    expect(combineMessages([announcement("A"), { content: "plain text" }]).fits).toBe(false);
    expect(combineMessages([withButtons, announcement("B")]).fits).toBe(true);
    expect(combineMessages([withButtons, withButtons]).fits).toBe(false);
  });

  it("refuses embeds past Discord's 6,000 characters together", () => {
    const big = (title: string): RenderedMessage => ({ embeds: [{ title, description: "x".repeat(2999) }] });

    expect(combineMessages([big("A"), big("B")]).fits).toBe(true);
    expect(combineMessages([big("A"), big("B"), announcement("C")]).fits).toBe(false);
  });
});
