// The whole bot on one machine with no settings (the playground): the platform sandbox, the fake Discord
// and the real bot (buildBot, the production code path), all on 127.0.0.1, data in a temp dir.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DestinationStream } from "pino";
import { eventKinds } from "../src/events/event-kinds.js";
import type { FakeDiscord, FakeUser } from "../fake-discord/index.js";
import type { RunningBot } from "../src/bot/build-bot.js";
import { createLogger } from "../src/logger.js";
import type { Sandbox } from "../sandbox/sandbox.js";
import { FinishedInteractions } from "./finished-interactions.js";
import { startLocalStack } from "./start-local-stack.js";
import { randomBytes } from "node:crypto";
import { registerRoleConnectionMetadata } from "../src/discord/role-connection-metadata.js";
import { linkedRolesRedirectUri, linkedRolesVerificationUrl } from "../src/linking/linked-roles-settings.js";

/** A Discord member of the playground guild and the sandbox account its `link` uses. */
export interface PlaygroundMember {
  readonly user: FakeUser;
  readonly platformUsername: string;
}

export interface Playground {
  readonly sandbox: Sandbox;
  readonly discord: FakeDiscord;
  readonly bot: RunningBot;
  readonly guildId: string;
  readonly channels: ReadonlyMap<string, string>;
  readonly members: ReadonlyMap<string, PlaygroundMember>;
  /** Where attachments the bot sent are saved. */
  readonly dataDir: string;
  /** Which interactions the bot is done with. */
  readonly finished: FinishedInteractions;
  /** The bot's platform webhook route and the secret the sandbox signs its deliveries with. */
  readonly platformWebhook: { readonly url: string; readonly secret: string };
  /** The bot's Linked Roles verification URL, as the Developer Portal is given it (its OAuth2 runs on the fake). */
  readonly linkedRolesUrl: string;
  /** The sandbox API key a member links with (`link`, or pasted into /link's form). */
  platformKeyOf(name: string): string | undefined;
  /** A new member of the server with a sandbox account of the same name and a write key. */
  addMember(username: string): PlaygroundMember;
  /**
   * The member the page acts as is the one signed in to the platform and to Discord in this browser: the
   * sandbox's sign-in (which approves at once) approves as their account, and the fake Discord's consent page
   * shows them chosen.
   */
  signInAs(name: string): void;
  close(): Promise<void>;
}

export interface PlaygroundOptions {
  /** Where the bot's warn-level logs go; stdout unless given. */
  readonly logDestination?: DestinationStream;
  /** Interactions over the fake's gateway (default) or POSTed to the bot's /interactions. */
  readonly interactionsMode?: "gateway" | "http";
}

// Discord names mapped to seeded sandbox users; the admin uses carol's write key (alice holds the admin key).
const memberSeeds = [
  { username: "alice", platformUsername: "alice", permissions: [] },
  { username: "bob", platformUsername: "bob", permissions: [] },
  { username: "admin", platformUsername: "carol", permissions: ["ManageGuild"] },
] as const;

export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const dataDir = await mkdtemp(join(tmpdir(), "arena-playground-"));
  const channels = new Map<string, string>();
  const members = new Map<string, PlaygroundMember>();
  let guildId = "";
  const webhookSecret = randomBytes(24).toString("hex");
  // Linked Roles on, as a deployment with DISCORD_CLIENT_SECRET has them (docs/architecture.md, "Linked Roles").
  const discordClientSecret = randomBytes(24).toString("hex");
  const finished = new FinishedInteractions();
  const stack = await startLocalStack({
    dataDir,
    // The platform panel moves one clock: the sandbox's, which the bot and the fake Discord read too.
    oneClock: true,
    startOptions: { onInteractionFinished: finished.markFinished },
    logger: createLogger({ level: "warn" }, options.logDestination),
    env: {
      NODE_ENV: "development",
      PLATFORM_WEBHOOK_SECRET: webhookSecret,
      DISCORD_CLIENT_SECRET: discordClientSecret,
      LOG_LEVEL: "warn",
    },
    discord: { oauth2: { clientSecret: discordClientSecret } },
    ...(options.interactionsMode === undefined ? {} : { interactionsMode: options.interactionsMode }),
    buildWorld: (discord) => {
      guildId = discord.createGuild({ name: "Playground" }).id;
      // As a server that gives the bot what its invite asks for: tier roles (`/setup roles create`, then
      // `roles` shows them), a thread under each battle card, and tournaments in the Events tab (`/setup events on`).
      discord.roles.grantBot(guildId, ["ManageRoles", "CreatePublicThreads", "CreateEvents"]);
      for (const name of ["general", "announcements"])
        channels.set(name, discord.createChannel(guildId, { name }).id);
      for (const seed of memberSeeds) {
        const user = discord.createMember(guildId, {
          username: seed.username,
          permissions: [...seed.permissions],
        });
        members.set(seed.username, { user, platformUsername: seed.platformUsername });
      }
      return [guildId];
    },
  });
  const { sandbox, discord, bot } = stack;
  const addedKeys = new Map<string, string>();
  const platformWebhook = { url: `${stack.publicUrl}/webhooks/platform`, secret: webhookSecret };
  await registerOperatorWebhook(sandbox, platformWebhook.url, webhookSecret);
  // What the Developer Portal holds for Linked Roles: the bot's callback and the metadata records.
  discord.oauth2.addRedirectUri(linkedRolesRedirectUri(stack.publicUrl));
  await registerRoleConnectionMetadata(bot.deps.rest, discord.applicationId);
  await subscribeAnnouncements(discord, guildId, channels, members.get("admin")?.user.id ?? "");

  return {
    sandbox,
    discord,
    bot,
    guildId,
    channels,
    members,
    dataDir,
    finished,
    platformWebhook,
    linkedRolesUrl: linkedRolesVerificationUrl(stack.publicUrl),
    platformKeyOf: (name) => {
      const username = members.get(name)?.platformUsername;
      return addedKeys.get(name) ?? sandbox.keys.find((key) => key.username === username)?.key;
    },
    addMember: (username) => {
      if (members.has(username)) throw new Error(`There is already a member called ${username}`);
      sandbox.control.createUser({ username });
      addedKeys.set(username, sandbox.control.createApiKey({ username, level: "write" }).key);
      const member = { user: discord.createMember(guildId, { username }), platformUsername: username };
      members.set(username, member);
      return member;
    },
    signInAs: (name) => {
      const member = members.get(name);
      if (member === undefined) throw new Error(`No member "${name}"`);
      sandbox.control.setAutoApprove(true, member.platformUsername);
      discord.oauth2.signIn(member.user.id);
    },
    async close() {
      await stack.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The operator's webhook (the platform's API reference, Webhooks): every event kind, signed with the bot's secret. */
async function registerOperatorWebhook(sandbox: Sandbox, url: string, secret: string): Promise<void> {
  const adminKey = sandbox.keys.find((key) => key.level === "admin")?.key;
  if (adminKey === undefined) throw new Error("the sandbox seeded no admin key");
  const response = await fetch(`${sandbox.url}/api/v1/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminKey}`, "content-type": "application/json" },
    body: JSON.stringify({ url, events: eventKinds, secret }),
  });
  if (!response.ok) throw new Error(`registering the operator webhook failed: ${response.status}`);
}

/** An admin routes the default event kinds into #announcements, the way a server would set it up. */
async function subscribeAnnouncements(
  discord: FakeDiscord,
  guildId: string,
  channels: ReadonlyMap<string, string>,
  adminId: string,
): Promise<void> {
  const reply = await discord
    .runCommandLine({
      guildId,
      channelId: channels.get("general") ?? "",
      userId: adminId,
      line: "/subscribe channel:#announcements",
    })
    .waitForFinal();
  if (/can't|cannot|failed|error/i.test(reply.content))
    throw new Error(`/subscribe failed: ${reply.content}`);
}
