// The bot's HTTP app with Linked Roles configured against the fake Discord on 127.0.0.1, and a browser's walk
// through the verification URL: open it, approve on Discord's consent page, come back to the callback.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import type { Clock } from "../../../src/clock.js";
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
} from "../../../src/linking/linked-roles-settings.js";
import type { FakeDiscord } from "../../../fake-discord/index.js";
import { cookieHeaderFrom } from "./confirm-form.js";
import { createTestAppDependencies } from "./test-app.js";

export const botUrl = "http://127.0.0.1:3000";

export interface LinkedRolesApp {
  readonly app: FastifyInstance;
  readonly deps: AppDependencies;
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
    linkedRoles: linkedRoles.deps.linkedRoles,
    owner: options.owner ?? "worker-test",
    leaseMs: 60_000,
    pollIntervalMs: 60_000,
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    random: () => 0.999,
  });
}
