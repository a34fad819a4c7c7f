// The bot's HTTP app with Linked Roles configured against the fake Discord on 127.0.0.1, and a browser's walk
// through the verification URL: open it, approve on Discord's consent page, come back to the callback; and the
// world most Linked Roles tests start from (the fake Discord, the platform fixture, a server and the bot's app).
import { REST } from "@discordjs/rest";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import type { Clock } from "../../../src/clock.js";
import { registerRoleConnectionMetadata } from "../../../src/discord/role-connection-metadata.js";
import type { AppDependencies } from "../../../src/http/app-dependencies.js";
import { saveMemberLink } from "../../../src/store/member-links.js";
import {
  createRoleConnectionWorker,
  type RoleConnectionWorker,
  type RoleConnectionWorkerOptions,
} from "../../../src/roles/role-connections/role-connection-worker.js";
import type { SecretBox } from "../../../src/secrets/secret-box.js";
import type { Database } from "../../../src/store/database.js";
import { buildHttpServer } from "../../../src/http/http-server.js";
import {
  linkedRolesRedirectUri,
  readLinkedRolesSettings,
  type LinkedRolesSettings,
} from "../../../src/linking/linked-roles-settings.js";
import { createFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from "../../../fake-discord/index.js";
import { startPlatformFixture, type PlatformFixture } from "../../api/platform-fixture.js";
import { cookieHeaderFrom } from "./confirm-form.js";
import { createTestAppDependencies } from "./test-app.js";

export const botUrl = "http://127.0.0.1:3000";

export interface LinkedRolesApp {
  readonly app: FastifyInstance;
  readonly deps: AppDependencies;
  /** Linked Roles as the app's settings turned it on: the fake's application, its client secret, its API. */
  readonly settings: LinkedRolesSettings;
  /** GET /oauth/linked-roles in a new browser: where it is sent, and the cookie header it then holds. */
  open(): Promise<{ readonly authorizeUrl: string; readonly browser: string }>;
  /** GET the callback Discord redirected to (a full URL), with this cookie header ("" for none). */
  callback(redirect: string, browser: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function buildLinkedRolesApp(
  fake: FakeDiscord,
  options: {
    readonly clock?: Clock;
    readonly env?: Readonly<Record<string, string>>;
    readonly secretBox?: SecretBox;
    /** The app's store; a fresh SQLite database in memory by default. */
    readonly db?: Kysely<Database>;
  } = {},
): Promise<LinkedRolesApp> {
  fake.oauth2.addRedirectUri(linkedRolesRedirectUri(botUrl));
  const built = await createTestAppDependencies({
    ...(options.db === undefined ? {} : { db: options.db }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.secretBox === undefined ? {} : { secretBox: options.secretBox }),
    // Linked Roles on as an operator turns it on: the application's id and client secret, Discord's API here.
    env: {
      PUBLIC_URL: botUrl,
      DISCORD_APPLICATION_ID: fake.applicationId,
      DISCORD_CLIENT_SECRET: fake.oauth2.clientSecret,
      DISCORD_API_URL: fake.apiUrl,
      ...options.env,
    },
  });
  const linkedRoles = readLinkedRolesSettings(built.deps.config);
  if (linkedRoles === undefined) throw new Error("the settings left Linked Roles off");
  const deps: AppDependencies = { ...built.deps, linkedRoles };
  const app = await buildHttpServer(deps);
  return {
    app,
    deps,
    settings: linkedRoles,
    async open() {
      const opened = await app.inject({ method: "GET", url: "/oauth/linked-roles" });
      if (opened.statusCode !== 303) throw new Error(`the verification URL answered ${opened.statusCode}`);
      const browser = cookieHeaderFrom(opened.cookies.map((cookie) => `${cookie.name}=${cookie.value}`));
      return { authorizeUrl: String(opened.headers.location), browser };
    },
    callback(redirect, browser) {
      const url = new URL(redirect);
      return app.inject({
        method: "GET",
        url: `${url.pathname}${url.search}`,
        headers: browser === "" ? {} : { cookie: browser },
      });
    },
    async close() {
      await app.close();
      await built.close();
    },
  };
}

/**
 * A new member of `guildId` who linked platform account `usr_<username>` with the key `key-of-<username>` and
 * verified in their browser; the verification must have shown the account.
 */
export async function verifiedMember(
  linkedRoles: LinkedRolesApp,
  fake: FakeDiscord,
  member: { readonly guildId: string; readonly username: string; readonly now: number },
): Promise<string> {
  const { guildId, username, now } = member;
  const userId = fake.createMember(guildId, { username }).id;
  await saveMemberLink(linkedRoles.deps.db, linkedRoles.deps.secretBox, {
    guildId,
    userId,
    platformUserId: `usr_${username}`,
    platformUsername: username,
    credentialKind: "api_key",
    credential: { accessToken: `key-of-${username}` },
    now,
  });
  const { authorizeUrl, browser } = await linkedRoles.open();
  const page = await linkedRoles.callback(fake.oauth2.approve(authorizeUrl, userId), browser);
  if (page.statusCode !== 200) throw new Error(`the verification answered ${page.statusCode}: ${page.body}`);
  return userId;
}

/**
 * The role connection worker over the app's store and Linked Roles settings, polling only when run, each
 * backoff waiting the whole of its first ceiling (so a test knows the wait).
 */
export function createTestRoleConnectionWorker(
  linkedRoles: LinkedRolesApp,
  options: Partial<Pick<RoleConnectionWorkerOptions, "owner" | "retry">> = {},
): RoleConnectionWorker {
  return createRoleConnectionWorker({
    ...linkedRoles.deps,
    linkedRoles: linkedRoles.settings,
    owner: options.owner ?? "worker-test",
    leaseMs: 60_000,
    pollIntervalMs: 60_000,
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    random: () => 0.999,
  });
}

/** The fake Discord, the platform fixture, a server and the bot's app with Linked Roles on, started together. */
export interface LinkedRolesWorld {
  readonly fake: FakeDiscord;
  /** The platform of the API reference's examples: every account it answers for is "alice". */
  readonly platform: PlatformFixture;
  readonly linkedRoles: LinkedRolesApp;
  /** "Arena", a server of the fake's with the bot in it. */
  readonly guildId: string;
  /** Ends an outage the test left on, then closes the app, the platform and Discord. */
  close(): Promise<void>;
}

/**
 * The world a Linked Roles test starts from: the fake Discord (on `clock`, with `fake`'s options), its
 * application's role connection metadata registered as the bot's start does, and the bot's app against it and
 * the platform fixture (`app.env` adds to or overrides the settings).
 */
export async function startLinkedRolesWorld(options: {
  readonly clock: Clock;
  readonly fake?: Omit<FakeDiscordOptions, "clock">;
  readonly app?: {
    readonly env?: Readonly<Record<string, string>>;
    readonly secretBox?: SecretBox;
    readonly db?: Kysely<Database>;
  };
}): Promise<LinkedRolesWorld> {
  const { clock } = options;
  const fake = await createFakeDiscord({ ...options.fake, clock });
  let platform: PlatformFixture | undefined;
  try {
    platform = await startPlatformFixture();
    const guildId = fake.createGuild({ name: "Arena" }).id;
    await registerRoleConnectionMetadata(
      new REST({ api: fake.apiUrl }).setToken(fake.botToken),
      fake.applicationId,
    );
    const app = options.app ?? {};
    const linkedRoles = await buildLinkedRolesApp(fake, {
      clock,
      ...(app.db === undefined ? {} : { db: app.db }),
      ...(app.secretBox === undefined ? {} : { secretBox: app.secretBox }),
      env: { PLATFORM_API_URL: platform.baseUrl, ...app.env },
    });
    return worldOf({ fake, platform, linkedRoles, guildId });
  } catch (error) {
    // What started is closed, so a failed start leaves no server listening behind the test's own error.
    await Promise.allSettled([platform?.close(), fake.close()]);
    throw error;
  }
}

function worldOf(parts: Omit<LinkedRolesWorld, "close">): LinkedRolesWorld {
  const { fake, platform, linkedRoles } = parts;
  return {
    ...parts,
    async close() {
      fake.setOutage(false);
      // Each closed even when one before it fails; the first failure is the one reported.
      const closed = await Promise.allSettled([linkedRoles.close(), platform.close()]);
      await fake.close();
      const failed = closed.find((result) => result.status === "rejected");
      if (failed !== undefined) throw failed.reason;
    },
  };
}
