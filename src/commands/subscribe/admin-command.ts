// What every admin command shares (docs/architecture.md, "Commands"): guild-only (server installs, used in
// servers), and hidden from members without Manage Server; the dispatcher re-checks the permission at run
// time, since a guild can override the default.
import { ChannelType, PermissionFlagsBits } from "discord-api-types/v10";
import { serverOnlyReach } from "../command-reach.js";

export const adminCommandBase = {
  ...serverOnlyReach,
  default_member_permissions: PermissionFlagsBits.ManageGuild.toString(),
} as const;

/** Channels the bot can post announcements in. */
export const announcementChannelTypes = [ChannelType.GuildText, ChannelType.GuildAnnouncement] as const;
