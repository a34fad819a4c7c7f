import { ApplicationCommandOptionType as OptionType, ApplicationCommandType } from "discord-api-types/v10";
import type { CommandDefinition } from "../../discord/command-definition.js";
import { eventKinds } from "../../events/event-kinds.js";
import { adminCommandBase, announcementChannelTypes } from "../subscribe/admin-command.js";
import { eventKindLabels } from "../../display/event-kind-labels.js";

/** Tiers are a word or two; the store keeps at most this many characters (src/store/tiers.ts). */
const tierNameMaxLength = 50;

const testEventChoices = eventKinds.map((kind) => ({
  name: `${eventKindLabels[kind]} (${kind})`,
  value: kind,
}));

export const setupCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "setup",
  description:
    "Admin: the platform webhook, tier roles, tournament reminders and events, and the bot's health",
  ...adminCommandBase,
  options: [
    {
      type: OptionType.SubcommandGroup,
      name: "webhook",
      description: "The platform webhook that feeds this server",
      options: [
        {
          type: OptionType.Subcommand,
          name: "register",
          description: "Register the webhook with your linked account, or update its event kinds",
        },
        {
          type: OptionType.Subcommand,
          name: "test",
          description: "Ask the platform to send a test event and see whether it arrives",
          options: [
            {
              type: OptionType.String,
              name: "event",
              description: "Which kind of event (default: battle results)",
              choices: testEventChoices,
            },
          ],
        },
        { type: OptionType.Subcommand, name: "deliveries", description: "Recent and failed deliveries" },
        {
          type: OptionType.Subcommand,
          name: "rotate-secret",
          description: "Replace the signing secret (the old one is accepted for an hour)",
        },
      ],
    },
    {
      type: OptionType.SubcommandGroup,
      name: "roles",
      description: "Tier roles that follow members' platform rating",
      options: [
        {
          type: OptionType.Subcommand,
          name: "create",
          description: "Create a role per platform tier below the bot's role, and give new tiers one too",
        },
        {
          type: OptionType.Subcommand,
          name: "map",
          description: "Give members of a tier an existing role (leave out the role to clear it)",
          options: [
            {
              type: OptionType.String,
              name: "tier",
              description: "The platform tier",
              required: true,
              autocomplete: true,
              max_length: tierNameMaxLength,
            },
            {
              type: OptionType.Role,
              name: "role",
              description: "The role for that tier (leave out to clear)",
            },
          ],
        },
        {
          type: OptionType.Subcommand,
          name: "sync",
          description: "Bring every linked member's tier role up to date now (resumes a paused sync)",
        },
        {
          type: OptionType.Subcommand,
          name: "off",
          description: "Stop changing tier roles (roles already given stay)",
        },
      ],
    },
    {
      type: OptionType.SubcommandGroup,
      name: "reminders",
      description: "Reminders posted before tournaments start",
      options: [
        {
          type: OptionType.Subcommand,
          name: "set",
          description:
            "Post reminders in a channel before each tournament starts, read with your linked account",
          options: [
            {
              type: OptionType.Channel,
              name: "channel",
              description: "Where reminders are posted",
              required: true,
              channel_types: announcementChannelTypes,
            },
            {
              type: OptionType.String,
              name: "before",
              description: 'How long before the start, up to 3: e.g. "1h, 10m" (from 1m to 7d)',
              required: true,
              max_length: 100,
            },
            {
              type: OptionType.Role,
              name: "role",
              description: "The role to ping, which members take with /remind on (leave out: no ping)",
            },
          ],
        },
        { type: OptionType.Subcommand, name: "off", description: "Stop posting tournament reminders" },
      ],
    },
    {
      type: OptionType.SubcommandGroup,
      name: "events",
      description: "Open tournaments as events in the server's Events tab",
      options: [
        {
          type: OptionType.Subcommand,
          name: "on",
          description: "Show each open tournament the reminders read as a scheduled event",
        },
        { type: OptionType.Subcommand, name: "off", description: "Stop showing tournaments as events" },
      ],
    },
    {
      type: OptionType.Subcommand,
      name: "status",
      description: "Links, webhook, last events, paused channels and the announcement queue",
    },
    {
      type: OptionType.Subcommand,
      name: "admin-channel",
      description: "Where the bot tells admins about paused channels",
      options: [
        {
          type: OptionType.Channel,
          name: "channel",
          description: "The channel for admin notices (leave out to see the current one)",
          channel_types: announcementChannelTypes,
        },
        { type: OptionType.Boolean, name: "clear", description: "Stop sending admin notices to a channel" },
      ],
    },
  ],
} as const satisfies CommandDefinition;
