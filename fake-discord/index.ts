/**
 * The fake Discord (docs/architecture.md, "Testing"): a real local server for a real discord.js Client.
 *
 *   const fake = await createFakeDiscord();
 *   const guild = fake.createGuild({ name: "Arena" });
 *   const channel = fake.createChannel(guild.id, { name: "battles" });
 *   const alice = fake.createMember(guild.id, { username: "alice" });
 *   const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
 *   await client.login(fake.botToken);   // the bot registers its commands through REST as usual
 *   const handle = fake.runCommandLine({ guildId: guild.id, channelId: channel.id, userId: alice.id,
 *     line: "/battle create difficulty:easy" });
 *   const reply = await handle.waitForFinal();
 *   fake.roles.grantBot(guild.id, ["ManageRoles"]);   // roles, as an admin handles them by hand
 *
 * `apiUrl` is the base without `/v10` (@discordjs/rest appends `/v${version}`). The gateway speaks JSON
 * text frames only; discord.js needs no option for that: it asks for zlib-stream only when the optional
 * zlib-sync package is installed (it is not), and text frames are parsed as JSON either way.
 */
export { createFakeDiscord, FakeDiscord, type FakeDiscordOptions } from "./fake-discord.js";
export type { FakeDiscordStats, OutageMode } from "./fake-discord-state.js";
export { CommandHiddenError } from "./commands/command-visibility.js";
export { auditLogEvent, type AuditLogChange, type AuditLogEntry } from "./audit-log.js";
export type { HandMadeRole, MemberRoles, RoleAdmin } from "./driver/role-admin.js";
export type { HandMadeEvent, ScheduledEventAdmin } from "./driver/scheduled-event-admin.js";
export type { ThreadAdmin } from "./driver/thread-admin.js";
export type { OAuth2Admin } from "./driver/oauth2-admin.js";
export { grantUserToken } from "./driver/grant-user-token.js";
export { userInstallRefusal, type UserInstallCommandInput } from "./driver/user-install-actions.js";
export type {
  AutocompleteInput,
  MemberContext,
  PressComponentInput,
  RunCommandInput,
  SubmitModalInput,
} from "./driver/member-actions.js";
export type { AttachmentInput, CommandOptionValue } from "./interactions/command-options.js";
export {
  InteractionExpiredError,
  InteractionHandle,
  type AutocompleteChoice,
} from "./interactions/interaction-handle.js";
export {
  callbackType,
  interactionType,
  type InteractionRecord,
  type RecordedCallback,
} from "./interactions/interaction-record.js";
export type { StoredAttachment, StoredMessage, MessageRevision } from "./messages/message-types.js";
export type { MessageChange } from "./messages/message-store.js";
export type { PrivilegedIntent } from "./gateway/gateway-protocol.js";
export type { ReadyHold } from "./gateway/ready-holds.js";
export type { BucketLimit } from "./rate-limits/route-limits.js";
export { defaultRouteLimits } from "./rate-limits/route-limits.js";
export { readSnowflakeTimestamp, shardForGuild } from "./snowflake.js";
export { discordLimits } from "./validation/discord-limits.js";
export type {
  FakeChannel,
  FakeGuild,
  FakeRole,
  FakeScheduledEvent,
  FakeThreadState,
  FakeUser,
} from "./world/world-types.js";
export type { PermissionName } from "./world/permissions.js";
export type { SeedGuildsOptions, SeededGuildsSummary } from "./world/seed-realistic-guilds.js";
