// The bot's HTTP app with OAuth configured against the OAuth fixture and the platform fixture on 127.0.0.1,
// a fresh SQLite database in memory, and helpers to start a /link the way the command does, walk the browser
// through the sign-in link, the callback and the confirm form, and read what was stored.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { ManualClock, type Clock } from "../../../src/clock.js";
import type { AppDependencies } from "../../../src/http/app-dependencies.js";
import { buildHttpServer } from "../../../src/http/http-server.js";
import { oauthRedirectUri } from "../../../src/linking/linking-deps.js";
import { startOAuthLink, type OAuthLinkRequester } from "../../../src/linking/oauth-link.js";
import { findMemberLink, type MemberLink } from "../../../src/store/member-links.js";
import type { OAuthGrant } from "../../../src/store/oauth-states.js";
import { startPlatformFixture, type PlatformFixture } from "../../api/platform-fixture.js";
import { clientId, clientSecret, startOAuthFixture, type OAuthFixture } from "../../oauth/oauth-fixture.js";
import { confirmFormBody, cookieHeaderFrom, readConfirmFields } from "./confirm-form.js";
import { createTestAppDependencies } from "./test-app.js";

export const publicUrl = "http://127.0.0.1:3000";

export const requester: OAuthLinkRequester = {
  guildId: "100000000000000001",
  userId: "200000000000000002",
  memberName: "Mallory",
  memberUsername: "mallory",
  guildName: "Arena Club",
};

/** A sign-in the platform approved, as the browser that opened its link holds it. */
export interface ApprovedSignIn {
  readonly state: string;
  readonly code: string;
  /** The `cookie` header of the browser that opened the sign-in link: the cookie the start route set. */
  readonly browser: string;
}

/** What a browser holds after the callback: the form's fields, and its cookies (the sign-in's and the page's). */
export interface ConfirmForm {
  readonly fields: Readonly<Record<string, string>>;
  readonly cookie: string;
}

export interface OAuthLinkApp {
  readonly app: FastifyInstance;
  readonly deps: AppDependencies;
  /** Every link the app announced to Discord, in order. */
  readonly announced: { readonly grant: OAuthGrant; readonly link: MemberLink }[];
  /** Every sign-in cancelled on the confirm page that the app announced to Discord, in order. */
  readonly cancelled: OAuthGrant[];
  /** The sign-in link /link's first step gives (`PUBLIC_URL/oauth/start/<id>`). */
  createSignInLink(who?: OAuthLinkRequester): Promise<string>;
  /** GET the sign-in link's path, with this `cookie` header ("" for none). */
  openSignInLink(signInLink: string, cookie?: string): Promise<LightMyRequestResponse>;
  /** Runs /link's first step, opens its link in a new browser and approves it at the OAuth fixture. */
  startLink(who?: OAuthLinkRequester): Promise<ApprovedSignIn>;
  /** GET /oauth/callback with this code and state, in the browser given (none when `browser` is absent). */
  openCallback(query: {
    readonly state: string;
    readonly code: string;
    readonly browser?: string;
  }): Promise<LightMyRequestResponse>;
  /** The form of a confirm page, with the cookies of the browser that opened it. */
  readForm(page: LightMyRequestResponse, signIn: ApprovedSignIn): ConfirmForm;
  /** Starts a sign-in, comes back to the callback in its browser and reads the confirm page's form. */
  openConfirmForm(who?: OAuthLinkRequester): Promise<ConfirmForm>;
  /** POST /oauth/confirm as the page's own form would, with these headers on top ("" leaves one out). */
  submit(
    form: ConfirmForm,
    action: "link" | "cancel",
    headers?: Readonly<Record<string, string>>,
  ): Promise<LightMyRequestResponse>;
  storedLink(who?: OAuthLinkRequester): Promise<MemberLink | undefined>;
  close(): Promise<void>;
}

export async function buildOAuthLinkApp(fixtures: {
  readonly oauthServer: OAuthFixture;
  readonly platform: PlatformFixture;
  readonly clock?: Clock;
  /** PUBLIC_URL; by default `publicUrl`. */
  readonly publicUrl?: string;
}): Promise<OAuthLinkApp> {
  const botUrl = fixtures.publicUrl ?? publicUrl;
  const announced: { grant: OAuthGrant; link: MemberLink }[] = [];
  const cancelled: OAuthGrant[] = [];
  const { deps, close } = await createTestAppDependencies({
    ...(fixtures.clock === undefined ? {} : { clock: fixtures.clock }),
    env: {
      PUBLIC_URL: botUrl,
      PLATFORM_API_URL: fixtures.platform.baseUrl,
      PLATFORM_AUTH_URL: fixtures.oauthServer.url,
      PLATFORM_TOKEN_URL: fixtures.oauthServer.url,
      PLATFORM_CLIENT_ID: clientId,
      PLATFORM_CLIENT_SECRET: clientSecret,
    },
    announceCancel: (grant) => {
      cancelled.push(grant);
      return Promise.resolve();
    },
    announceLink: (grant, link) => {
      announced.push({ grant, link });
      return Promise.resolve();
    },
  });
  const app = await buildHttpServer(deps);
  let issued = 0;
  const createSignInLink = async (who = requester) =>
    (await startOAuthLink(deps, who, "interaction-token")).url;
  const openSignInLink = (signInLink: string, cookie = "") =>
    app.inject({
      method: "GET",
      // Behind a proxy, PUBLIC_URL's path is the proxy's: the app serves what comes after it.
      url: new URL(signInLink).pathname.slice(new URL(botUrl).pathname.replace(/\/$/, "").length),
      headers: cookie === "" ? {} : { cookie },
    });
  const startLink = async (who = requester) => {
    const opened = await openSignInLink(await createSignInLink(who));
    if (opened.statusCode !== 303) throw new Error(`the sign-in link answered ${opened.statusCode}`);
    const authorize = new URL(String(opened.headers.location));
    issued += 1;
    const code = `code-${issued}`;
    fixtures.oauthServer.issueCode(
      code,
      authorize.searchParams.get("code_challenge") ?? "",
      oauthRedirectUri(botUrl),
    );
    const browser = cookieHeaderFrom(opened.cookies.map((cookie) => `${cookie.name}=${cookie.value}`));
    return { state: authorize.searchParams.get("state") ?? "", code, browser };
  };
  const openCallback = ({ state, code, browser = "" }: Parameters<OAuthLinkApp["openCallback"]>[0]) =>
    app.inject({
      method: "GET",
      url: `/oauth/callback?${new URLSearchParams({ state, code }).toString()}`,
      headers: browser === "" ? {} : { cookie: browser },
    });
  const readForm = (page: LightMyRequestResponse, signIn: ApprovedSignIn) => ({
    fields: readConfirmFields(page.body),
    cookie: [signIn.browser, cookieHeaderFrom(page.cookies.map((cookie) => `${cookie.name}=${cookie.value}`))]
      .filter((cookie) => cookie !== "")
      .join("; "),
  });
  return {
    app,
    deps,
    announced,
    cancelled,
    createSignInLink,
    openSignInLink,
    startLink,
    openCallback,
    readForm,
    async openConfirmForm(who = requester) {
      const signIn = await startLink(who);
      return readForm(await openCallback(signIn), signIn);
    },
    submit: (form, action, headers = {}) => {
      const sent = {
        "content-type": "application/x-www-form-urlencoded",
        cookie: form.cookie,
        origin: publicUrl,
        "sec-fetch-site": "same-origin",
        ...headers,
      };
      return app.inject({
        method: "POST",
        url: "/oauth/confirm",
        headers: Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== "")),
        payload: confirmFormBody(form.fields, action),
      });
    },
    storedLink: (who = requester) => findMemberLink(deps.db, deps.secretBox, who),
    close: async () => {
      await app.close();
      await close();
    },
  };
}

export interface OAuthLinkWorld {
  /** The platform's token endpoint, started once for the file. */
  readonly oauthServer: OAuthFixture;
  /** The platform API, started once for the file. */
  readonly platform: PlatformFixture;
  /** The bot's OAuth routes, built again for each test on a manual clock. */
  readonly linking: OAuthLinkApp;
}

/** The fixtures and the app the OAuth route tests share, started and closed around the file and each test. */
export function useOAuthLinkApp(): OAuthLinkWorld {
  const world = {} as { oauthServer: OAuthFixture; platform: PlatformFixture; linking: OAuthLinkApp };
  beforeAll(async () => {
    world.oauthServer = await startOAuthFixture();
    world.platform = await startPlatformFixture();
  });
  afterAll(async () => {
    await world.oauthServer.close();
    await world.platform.close();
  });
  beforeEach(async () => {
    world.linking = await buildOAuthLinkApp({
      oauthServer: world.oauthServer,
      platform: world.platform,
      clock: new ManualClock(Date.UTC(2026, 0, 1)),
    });
  });
  afterEach(async () => {
    await world.linking.close();
  });
  return world;
}
