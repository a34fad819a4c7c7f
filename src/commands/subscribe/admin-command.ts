// What every admin command shares (docs/architecture.md, "Commands"): guild-only, and hidden from members
// without Manage Server; the dispatcher re-checks the permission at run time, since a guild can override the
// default.
import { ChannelType, InteractionContextType, PermissionFlagsBits } from "discord-api-types/v10";

export const adminCommandBase = {
  contexts: [InteractionContextType.Guild],
  default_member_permissions: PermissionFlagsBits.ManageGuild.toString(),
} as const;

/** Channels the bot can post announcements in. */
export const announcementChannelTypes = [ChannelType.GuildText, ChannelType.GuildAnnouncement] as const;
