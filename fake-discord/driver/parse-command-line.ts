import type { APIApplicationCommand } from "discord.js";
import {
  findLeafOptions,
  optionType,
  type CommandInvocation,
  type CommandOptionValue,
} from "../interactions/command-options.js";
import type { FakeGuild, FakeUser } from "../world/world-types.js";

/** Names the line may use for users, channels and roles: `@alice`, `#battles`, `@Moderators`. */
export interface LineLookups {
  guild: FakeGuild;
  users: ReadonlyMap<string, FakeUser>;
}

const tokenPattern = /[^\s:"]+:"[^"]*"|"[^"]*"|\S+/g;

/**
 * Reads a slash command as a member types it, e.g. `/battle create difficulty:hard opponent:@bob`,
 * into a CommandInvocation, typing each value by the registered command's options.
 */
export function parseCommandLine(
  line: string,
  findCommand: (name: string) => APIApplicationCommand | undefined,
  lookups: LineLookups,
): CommandInvocation {
  const tokens = line.trim().match(tokenPattern) ?? [];
  const head = tokens.shift() ?? "";
  if (!head.startsWith("/")) throw new Error(`A command starts with "/": ${line}`);
  const name = head.slice(1);
  const command = findCommand(name);
  if (command === undefined) throw new Error(`/${name} is not registered`);
  const invocation: CommandInvocation = { name };
  const topLevel = (command.options ?? []) as {
    name: string;
    type: number;
    options?: { name: string; type: number }[];
  }[];
  const group = topLevel.find(
    (option) => option.type === optionType.subcommandGroup && option.name === tokens[0],
  );
  if (group !== undefined) invocation.subcommandGroup = tokens.shift() ?? "";
  const candidates = group?.options ?? topLevel;
  if (candidates.some((option) => option.type === optionType.subcommand && option.name === tokens[0])) {
    invocation.subcommand = tokens.shift() ?? "";
  }
  const definitions = findLeafOptions(command, invocation);
  const options: Record<string, CommandOptionValue> = {};
  let previous = "";
  for (const token of tokens) {
    const separator = token.indexOf(":");
    if (separator <= 0) throw new Error(describeStrayWord(token, previous));
    previous = token;
    const optionName = token.slice(0, separator);
    const raw = token.slice(separator + 1).replace(/^"(.*)"$/, "$1");
    const definition = definitions.find((option) => option.name === optionName);
    if (definition === undefined) throw new Error(`/${name} has no option "${optionName}"`);
    options[optionName] = readValue(definition.type, raw, lookups);
  }
  invocation.options = options;
  return invocation;
}

/** A word with no option before it: most likely the rest of a value with spaces, which needs quotes. */
function describeStrayWord(word: string, previous: string): string {
  const separator = previous.indexOf(":");
  if (separator <= 0 || previous.includes('"')) return `Expected option:value, got "${word}"`;
  const value = `${previous.slice(separator + 1)} ${word}`;
  return `Expected option:value, got "${word}". A value with spaces goes in quotes: ${previous.slice(0, separator)}:"${value}"`;
}

function readValue(type: number, raw: string, lookups: LineLookups): CommandOptionValue {
  switch (type) {
    case optionType.integer:
    case optionType.number: {
      const value = Number(raw);
      if (raw === "" || Number.isNaN(value)) throw new Error(`"${raw}" is not a number`);
      return value;
    }
    case optionType.boolean:
      if (raw !== "true" && raw !== "false") throw new Error(`"${raw}" is not true or false`);
      return raw === "true";
    case optionType.user:
      return findUserId(raw, lookups);
    case optionType.channel:
      return findByName(raw.replace(/^<#(\d+)>$/, "$1").replace(/^#/, ""), lookups.guild.channels, "channel");
    case optionType.role: {
      // A role is typed with an @ before its name, but @everyone's name already starts with one.
      const idOrName = raw.replace(/^<@&(\d+)>$/, "$1");
      const named = [...lookups.guild.roles.values()].some((role) => role.name === idOrName);
      return findByName(named ? idOrName : idOrName.replace(/^@/, ""), lookups.guild.roles, "role");
    }
    case optionType.mentionable:
      return raw.startsWith("<@&")
        ? findByName(raw.slice(3, -1), lookups.guild.roles, "role")
        : findUserId(raw, lookups);
    case optionType.attachment:
      throw new Error(
        "Attachments cannot be typed on a command line; use runCommand with { filename, data }",
      );
    default:
      return raw;
  }
}

function findUserId(raw: string, lookups: LineLookups): string {
  const id = /^<@!?(\d+)>$/.exec(raw)?.[1] ?? (/^\d{17,20}$/.test(raw) ? raw : undefined);
  if (id !== undefined) return id;
  const username = raw.replace(/^@/, "");
  for (const member of lookups.guild.members.values()) {
    if (lookups.users.get(member.userId)?.username === username) return member.userId;
  }
  throw new Error(`No member "${username}" in guild ${lookups.guild.name}`);
}

function findByName(
  idOrName: string,
  items: ReadonlyMap<string, { id: string; name: string }>,
  kind: string,
): string {
  if (items.has(idOrName)) return idOrName;
  for (const item of items.values()) if (item.name === idOrName) return item.id;
  throw new Error(`No ${kind} "${idOrName}"`);
}
