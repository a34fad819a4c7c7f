import {
  ApplicationCommandOptionType as OptionType,
  type APIChatInputApplicationCommandInteractionData,
  ApplicationCommandType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord-api-types/v10";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type CommandArguments,
  type UserArgument,
  readCommandArguments,
} from "../../src/discord/command-arguments.js";

const teamCommand = {
  name: "team",
  description: "Teams",
  options: [
    {
      type: OptionType.Subcommand,
      name: "invite",
      description: "Invite",
      options: [
        { type: OptionType.String, name: "team", description: "Team id", required: true },
        { type: OptionType.User, name: "member", description: "Member" },
        { type: OptionType.Integer, name: "slots", description: "Slots" },
      ],
    },
    {
      type: OptionType.SubcommandGroup,
      name: "webhook",
      description: "Webhook",
      options: [{ type: OptionType.Subcommand, name: "test", description: "Test" }],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const rankCommand = {
  name: "rank",
  description: "Rank",
  options: [
    { type: OptionType.User, name: "member", description: "Member" },
    { type: OptionType.Boolean, name: "public", description: "Public" },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

describe("command arguments", () => {
  it("types handler arguments from the command data", () => {
    type Team = CommandArguments<typeof teamCommand>;
    expectTypeOf<Extract<Team, { subcommand: "invite" }>["options"]>().toEqualTypeOf<
      { readonly team: string } & { readonly member?: UserArgument; readonly slots?: number }
    >();
    expectTypeOf<Extract<Team, { subcommand: "test" }>["group"]>().toEqualTypeOf<"webhook">();
    type Rank = CommandArguments<typeof rankCommand>;
    expectTypeOf<Rank["options"]>().toEqualTypeOf<
      Record<never, never> & { readonly member?: UserArgument; readonly public?: boolean }
    >();
  });

  it("reads a subcommand's options and resolves users", () => {
    const data: APIChatInputApplicationCommandInteractionData = {
      id: "1",
      name: teamCommand.name,
      type: ApplicationCommandType.ChatInput,
      options: [
        {
          type: OptionType.Subcommand,
          name: "invite",
          options: [
            { type: OptionType.String, name: "team", value: "team_1" },
            { type: OptionType.User, name: "member", value: "222" },
          ],
        },
      ],
      resolved: {
        users: { "222": { id: "222", username: "bob", discriminator: "0", global_name: null, avatar: null } },
      },
    };
    const args = readCommandArguments(data);
    expect(args.subcommand).toBe("invite");
    expect(args.group).toBeUndefined();
    expect(args.options).toEqual({
      team: "team_1",
      member: { id: "222", user: expect.objectContaining({ username: "bob" }), member: undefined },
    });
  });

  it("reads a subcommand inside a group, and a command without subcommands", () => {
    const grouped = readCommandArguments({
      id: "1",
      name: teamCommand.name,
      type: ApplicationCommandType.ChatInput,
      options: [
        {
          type: OptionType.SubcommandGroup,
          name: "webhook",
          options: [{ type: OptionType.Subcommand, name: "test" }],
        },
      ],
    });
    expect(grouped).toEqual({ group: "webhook", subcommand: "test", options: {} });

    const flat = readCommandArguments({
      id: "2",
      name: rankCommand.name,
      type: ApplicationCommandType.ChatInput,
      options: [{ type: OptionType.Boolean, name: "public", value: true }],
    });
    expect(flat).toEqual({ group: undefined, subcommand: undefined, options: { public: true } });
  });
});
