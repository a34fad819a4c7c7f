import { ApplicationCommandOptionType as OptionType, ApplicationCommandType } from "discord-api-types/v10";
import type { CommandDefinition } from "../../discord/command-definition.js";
import { difficultyChoices } from "../shared-options.js";
import { adminCommandBase, announcementChannelTypes } from "./admin-command.js";
import { anyValue } from "./subscription-filter-options.js";

export const subscribeCommand = {
  type: ApplicationCommandType.ChatInput,
  name: "subscribe",
  description: "Admin: announce platform events in a channel",
  ...adminCommandBase,
  options: [
    {
      type: OptionType.Channel,
      name: "channel",
      description: "Where to post the announcements",
      required: true,
      channel_types: announcementChannelTypes,
    },
    {
      type: OptionType.String,
      name: "events",
      description:
        "Kinds or presets, comma-separated (default: battle results, rating changes, tournament starts)",
      autocomplete: true,
      max_length: 1000,
    },
    {
      type: OptionType.String,
      name: "tournament",
      description: "Only events of this tournament (id; “any” removes the filter)",
      autocomplete: true,
      max_length: 100,
    },
    {
      type: OptionType.String,
      name: "difficulty",
      description: "Only battles of this difficulty",
      choices: [...difficultyChoices, { name: "Any (remove the filter)", value: anyValue }],
    },
    {
      type: OptionType.Integer,
      name: "min-rating-change",
      description: "Only rating changes at least this big, up or down (0 removes the filter)",
      min_value: 0,
      max_value: 1000,
    },
    {
      type: OptionType.Boolean,
      name: "linked-only",
      description: "Only events about members linked in this server",
    },
    {
      type: OptionType.String,
      name: "battle-updates",
      description: "Where battle cards and tournaments posted here show their updates (default: a thread)",
      choices: [
        { name: "In a thread of the card or tournament post", value: "thread" },
        { name: "In the channel", value: "channel" },
      ],
    },
  ],
} as const satisfies CommandDefinition;
