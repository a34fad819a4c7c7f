import type { ApiObject } from "./render-world.js";
import type { FakeEmoji, FakeGuild, FakeSticker } from "./world-types.js";

/** A guild's custom emoji as the guild object carries it (docs: Resources, Emoji — Emoji Object). */
export function renderEmoji(emoji: FakeEmoji): ApiObject {
  return {
    id: emoji.id,
    name: emoji.name,
    roles: emoji.roleIds,
    require_colons: true,
    managed: false,
    animated: emoji.animated,
    available: true,
  };
}

/** A guild sticker (docs: Resources, Sticker — Sticker Object): type 2 guild, format 1 PNG. */
export function renderSticker(sticker: FakeSticker, guild: FakeGuild): ApiObject {
  return {
    id: sticker.id,
    name: sticker.name,
    description: sticker.description,
    tags: sticker.tags,
    type: 2,
    format_type: 1,
    available: true,
    guild_id: guild.id,
  };
}
