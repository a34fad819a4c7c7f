import type { AttachmentStore } from "../messages/attachment-store.js";
import { renderAttachment } from "../messages/render-message.js";
import {
  memberChannelPermissions,
  renderChannel,
  renderInteractionMember,
  renderRole,
  renderUser,
} from "../world/render-world.js";
import type { FakeWorld } from "../world/world.js";
import { listOf } from "../validation/field-checks.js";
import { optionType, type CommandOptionValue, type OptionDefinition } from "./command-options.js";

/** The `resolved` object of an interaction: full objects for the ids options name (docs: Resolved Data). */
export interface ResolvedData {
  users?: Record<string, unknown>;
  members?: Record<string, unknown>;
  channels?: Record<string, unknown>;
  roles?: Record<string, unknown>;
  attachments?: Record<string, unknown>;
}

export interface ResolveContext {
  world: FakeWorld;
  attachments: AttachmentStore;
  /** Null outside a guild: users resolve without a member, and roles and guild channels cannot be named. */
  guildId: string | null;
  channelId: string;
  /** Who invoked it: a resolved channel carries their permissions there. */
  userId: string;
}

/**
 * Turns what a member typed into the option Discord sends, checking it against the definition as the
 * client would (type, choices, ranges) and adding users, channels, roles and files to `resolved`.
 */
export function resolveOption(
  definition: OptionDefinition,
  value: CommandOptionValue,
  context: ResolveContext,
  resolved: ResolvedData,
): unknown {
  const label = `option "${definition.name}"`;
  switch (definition.type) {
    case optionType.string:
      if (typeof value !== "string") throw new Error(`${label} takes a string`);
      assertChoice(definition, value, label);
      return value;
    case optionType.integer:
    case optionType.number:
      if (typeof value !== "number" || (definition.type === optionType.integer && !Number.isInteger(value))) {
        throw new Error(
          `${label} takes ${definition.type === optionType.integer ? "an integer" : "a number"}`,
        );
      }
      assertChoice(definition, value, label);
      assertRange(definition, value, label);
      return value;
    case optionType.boolean:
      if (typeof value !== "boolean") throw new Error(`${label} takes a boolean`);
      return value;
    case optionType.user:
      return resolveUser(readId(value, label), context, resolved);
    case optionType.channel:
      return resolveChannel(readId(value, label), context, resolved);
    case optionType.role:
      return resolveRole(readId(value, label), context, resolved);
    case optionType.mentionable: {
      const id = readId(value, label);
      return context.world.users.has(id)
        ? resolveUser(id, context, resolved)
        : resolveRole(id, context, resolved);
    }
    case optionType.attachment:
      if (typeof value !== "object") throw new Error(`${label} takes an attachment { filename, data }`);
      return resolveAttachment(value, context, resolved);
    default:
      throw new Error(`${label} has an option type the fake does not know: ${definition.type}`);
  }
}

/** Users, channels and roles are given by id, as Discord sends them. */
function readId(value: CommandOptionValue, label: string): string {
  if (typeof value !== "string") throw new Error(`${label} takes an id (a snowflake string)`);
  return value;
}

function assertChoice(definition: OptionDefinition, value: string | number, label: string): void {
  const choices = listOf(definition.choices) as { value?: unknown }[];
  if (choices.length > 0 && !choices.some((choice) => choice.value === value)) {
    throw new Error(`${label} must be one of its choices, not ${JSON.stringify(value)}`);
  }
}

function assertRange(definition: OptionDefinition, value: number, label: string): void {
  const { min_value: min, max_value: max } = definition;
  if ((typeof min === "number" && value < min) || (typeof max === "number" && value > max)) {
    throw new Error(`${label} must be within [${String(min)}, ${String(max)}]`);
  }
}

function resolveUser(userId: string, context: ResolveContext, resolved: ResolvedData): string {
  const user = context.world.requireUser(userId);
  (resolved.users ??= {})[userId] = renderUser(user);
  if (context.guildId === null) return userId;
  const guild = context.world.requireGuild(context.guildId);
  const member = guild.members.get(userId);
  if (member !== undefined) {
    const channel = context.world.requireChannel(context.channelId);
    const { user: _user, ...partial } = renderInteractionMember(guild, member, user, channel);
    (resolved.members ??= {})[userId] = partial;
  }
  return userId;
}

function resolveChannel(channelId: string, context: ResolveContext, resolved: ResolvedData): string {
  const channel = context.world.requireChannel(channelId);
  if (context.guildId === null) throw new Error("A guild channel cannot be named outside its guild");
  const guild = context.world.requireGuild(context.guildId);
  // The invoking member's permissions there, overwrites included (docs: Interactions, Resolved Data Structure:
  // a partial channel carries `permissions`, the member's, and nothing of the bot's).
  const member = guild.members.get(context.userId);
  const permissions = member === undefined ? 0n : memberChannelPermissions(guild, channel, member);
  (resolved.channels ??= {})[channelId] = { ...renderChannel(channel), permissions: permissions.toString() };
  return channelId;
}

function resolveRole(roleId: string, context: ResolveContext, resolved: ResolvedData): string {
  if (context.guildId === null) throw new Error("A role cannot be named outside its guild");
  const role = context.world.requireGuild(context.guildId).roles.get(roleId);
  if (role === undefined) throw new Error(`No role ${roleId} in guild ${context.guildId}`);
  (resolved.roles ??= {})[roleId] = renderRole(role);
  return roleId;
}

function resolveAttachment(
  input: Exclude<CommandOptionValue, string | number | boolean>,
  context: ResolveContext,
  resolved: ResolvedData,
): string {
  const data = typeof input.data === "string" ? Buffer.from(input.data) : input.data;
  const stored = context.attachments.save(
    context.channelId,
    { filename: input.filename, contentType: input.contentType ?? "application/octet-stream", data },
    null,
  );
  (resolved.attachments ??= {})[stored.id] = renderAttachment(stored);
  return stored.id;
}
