// A message as the terminal prints it: platform text as text, with no control character for the terminal to
// act on, line breaks kept.
import { describe, expect, it } from "vitest";
import type { StoredMessage } from "../../fake-discord/index.js";
import { renderMessage } from "../../playground/render-message.js";

function message(fields: Partial<StoredMessage>): StoredMessage {
  return {
    id: "1",
    channelId: "10",
    guildId: "100",
    authorId: "200",
    content: "",
    embeds: [],
    components: [],
    attachments: [],
    flags: 0,
    allowedMentions: null,
    mentionedUserIds: [],
    mentionedRoleIds: [],
    mentionedEveryone: false,
    nonce: null,
    tts: false,
    createdAt: 0,
    editedAt: null,
    edits: [],
    interaction: null,
    webhookId: null,
    type: 0,
    deleted: false,
    ...fields,
  };
}

describe("a message in the terminal", () => {
  it("shows a hostile name's control characters as ?, keeping its line breaks (Windows' too) and tabs", () => {
    const text = renderMessage(
      message({
        content: "🏁 \u001b[2J\u001b]0;owned\u0007alice won\r\nsecond\tline\rthird",
        embeds: [{ title: "Cup\u009b31m", fields: [{ name: "Winner", value: "bob\u0008\u0008\u0008eve" }] }],
      }),
    );
    expect(text.replace(/[\n\t]/g, "")).not.toMatch(/[\p{Cc}]/u);
    expect(text).toContain("🏁 ?[2J?]0;owned?alice won\nsecond\tline\nthird");
    expect(text).toContain("┌─ Cup?31m");
    expect(text).toContain("│   bob???eve");
  });
});
