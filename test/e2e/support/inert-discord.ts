// Everything the bot ever showed on the fake Discord, checked at once: every message (posts, interaction
// responses and follow-ups, ephemeral and deleted ones) in every version, every modal and every list of
// autocomplete choices (docs/architecture.md, "The rules the code keeps", "Platform text is inert").
import { expect } from "vitest";
import { callbackType, type FakeDiscord, type MessageRevision } from "../../../fake-discord/index.js";
import { expectInert } from "../../support/hostile-text.js";

type Version = Pick<MessageRevision, "content" | "embeds" | "components" | "allowedMentions"> & {
  readonly id: string;
};

/** How much was checked, so a test can tell the sweep was not empty. */
export interface InertSweep {
  readonly messageVersions: number;
  readonly modals: number;
  readonly choiceLists: number;
}

/**
 * Asserts that nothing the bot sent renders hostile text as markup, a mention, a link or reordered text, and
 * that no message could ping a role or everyone. The bot names members and channels of the fake's guilds
 * itself (`<@id>`, `<#id>`), so those are set aside first; any other pill is platform text that got through.
 */
export function expectEverythingInert(discord: FakeDiscord, memberIds: readonly string[]): InertSweep {
  const channelIds = discord.guilds().flatMap((guild) => [...guild.channels.keys()]);
  const ownMention = new RegExp(`<(?:@!?(?:${memberIds.join("|")})|#(?:${channelIds.join("|")}))>`, "g");
  const withoutOwnMentions = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value).replace(ownMention, "(named)")) as unknown;

  // Every version of every message: the earlier ones an edit replaced, then the one shown now.
  const versions: Version[] = discord
    .allMessages()
    .flatMap((message) => [...message.edits, message].map((version) => ({ id: message.id, ...version })));
  for (const { id, content, embeds, components, allowedMentions } of versions) {
    expectInert(withoutOwnMentions({ content, embeds, components }));
    // Without allowed_mentions Discord pings whatever the content mentions, roles and everyone included;
    // only a message with no content (a deferral's "thinking…") may leave it out.
    expect(content === "" || allowedMentions !== null, `allowed_mentions of ${id}`).toBe(true);
    expect(allowedMentions?.parse ?? []).not.toContain("roles");
    expect(allowedMentions?.parse ?? []).not.toContain("everyone");
    expect(allowedMentions?.roles ?? []).toEqual([]);
  }

  const callbacks = discord.interactions().map((interaction) => interaction.callback);
  const modals = callbacks.filter((callback) => callback?.type === callbackType.modal);
  const choiceLists = callbacks.filter((callback) => callback?.type === callbackType.autocompleteResult);
  // Modal titles and labels, and choice names, are shown without markdown.
  for (const callback of [...modals, ...choiceLists]) expectInert(callback?.data, { markdown: false });
  return { messageVersions: versions.length, modals: modals.length, choiceLists: choiceLists.length };
}
