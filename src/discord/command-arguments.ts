// Typed slash-command arguments derived from the command's own JSON data (the yuudachi habit): a handler for
// `/battle create` sees `{ subcommand: "create", options: { difficulty: string; … } }` with no hand-written types.
import {
  ApplicationCommandOptionType as OptionType,
  type APIApplicationCommandInteractionDataOption,
  type APIAttachment,
  type APIChatInputApplicationCommandInteractionData,
  type APIInteractionDataResolved,
  type APIInteractionDataResolvedChannel,
  type APIInteractionDataResolvedGuildMember,
  type APIUser,
} from "discord-api-types/v10";

interface OptionData {
  readonly name: string;
  readonly type: OptionType;
  readonly required?: boolean;
  readonly options?: readonly OptionData[];
}

export interface UserArgument {
  readonly id: string;
  readonly user: APIUser | undefined;
  readonly member: APIInteractionDataResolvedGuildMember | undefined;
}

export interface ChannelArgument {
  readonly id: string;
  readonly channel: APIInteractionDataResolvedChannel | undefined;
}

type ValueOf<Option extends OptionData> = Option["type"] extends OptionType.String
  ? string
  : Option["type"] extends OptionType.Integer | OptionType.Number
    ? number
    : Option["type"] extends OptionType.Boolean
      ? boolean
      : Option["type"] extends OptionType.User
        ? UserArgument
        : Option["type"] extends OptionType.Channel
          ? ChannelArgument
          : Option["type"] extends OptionType.Attachment
            ? APIAttachment
            : { readonly id: string };

type OptionValues<Options> = Options extends readonly OptionData[]
  ? {
      readonly [
        Option in Options[number] as Option extends { required: true } ? Option["name"] : never
      ]: ValueOf<Option>;
    } & {
      readonly [
        Option in Options[number] as Option extends { required: true } ? never : Option["name"]
      ]?: ValueOf<Option>;
    }
  : NoOptions;

/** A command or subcommand without options. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an empty options bag is the honest type
type NoOptions = {};

type SubcommandArguments<Option, Group extends string | undefined> = Option extends {
  readonly type: OptionType.Subcommand;
  readonly name: infer Name;
}
  ? {
      readonly group: Group;
      readonly subcommand: Name;
      readonly options: OptionValues<Option extends { readonly options: infer Options } ? Options : never>;
    }
  : never;

type GroupArguments<Option> = Option extends {
  readonly type: OptionType.SubcommandGroup;
  readonly name: infer Name extends string;
  readonly options: readonly (infer Subcommand)[];
}
  ? SubcommandArguments<Subcommand, Name>
  : never;

/** The arguments a handler receives, computed from the command's data. */
export type CommandArguments<Data> = Data extends { readonly options: readonly (infer Option)[] }
  ? // Not distributed over the options: a flat command's options form one object.
    [Option] extends [{ readonly type: OptionType.Subcommand | OptionType.SubcommandGroup }]
    ? SubcommandArguments<Option, undefined> | GroupArguments<Option>
    : {
        readonly group: undefined;
        readonly subcommand: undefined;
        readonly options: OptionValues<Data["options"]>;
      }
  : { readonly group: undefined; readonly subcommand: undefined; readonly options: NoOptions };

export interface RawCommandArguments {
  readonly group: string | undefined;
  readonly subcommand: string | undefined;
  readonly options: Readonly<Record<string, unknown>>;
}

/** Reads an interaction's options into plain values, resolving users, channels and attachments. */
export function readCommandArguments(
  data: APIChatInputApplicationCommandInteractionData,
): RawCommandArguments {
  let group: string | undefined;
  let subcommand: string | undefined;
  let leaves: readonly APIApplicationCommandInteractionDataOption[] = data.options ?? [];
  const first = leaves[0];
  if (first?.type === OptionType.SubcommandGroup) {
    group = first.name;
    const inner = first.options[0];
    subcommand = inner?.name;
    leaves = inner?.options ?? [];
  } else if (first?.type === OptionType.Subcommand) {
    subcommand = first.name;
    leaves = first.options ?? [];
  }
  const options: Record<string, unknown> = {};
  for (const option of leaves) options[option.name] = resolveValue(option, data.resolved);
  return { group, subcommand, options };
}

function resolveValue(
  option: APIApplicationCommandInteractionDataOption,
  resolved: APIInteractionDataResolved | undefined,
): unknown {
  switch (option.type) {
    case OptionType.User:
      return {
        id: option.value,
        user: resolved?.users?.[option.value],
        member: resolved?.members?.[option.value],
      };
    case OptionType.Channel:
      return { id: option.value, channel: resolved?.channels?.[option.value] };
    case OptionType.Attachment:
      return resolved?.attachments?.[option.value];
    case OptionType.Role:
    case OptionType.Mentionable:
      return { id: option.value };
    case OptionType.Subcommand:
    case OptionType.SubcommandGroup:
      return undefined;
    default:
      return option.value;
  }
}
