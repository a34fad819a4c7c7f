// The bot's HTTP app with OAuth configured against the OAuth fixture and the platform fixture on 127.0.0.1,
// a fresh SQLite database in memory, and helpers to start a /link the way the command does, walk the browser
// through the callback and the confirm form, and read what was stored.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Clock } from "../../../src/clock.js";
import type { AppDependencies } from "../../../src/http/app-dependencies.js";
import { buildHttpServer } from "../../../src/http/http-server.js";
import { oauthRedirectUri } from "../../../src/linking/linking-deps.js";
import { startOAuthLink, type OAuthLinkRequester } from "../../../src/linking/oauth-link.js";
import { findMemberLink, type MemberLink } from "../../../src/store/member-links.js";
import type { OAuthGrant } from "../../../src/store/oauth-states.js";
import type { PlatformFixture } from "../../api/platform-fixture.js";
import { clientId, clientSecret, type OAuthFixture } from "../../oauth/oauth-fixture.js";
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

/** What a browser holds after the callback: the form's fields and the cookie the page set. */
export interface ConfirmForm {
  readonly fields: Readonly<Record<string, string>>;
  readonly cookie: string;
}

export interface OAuthLinkApp {
  readonly app: FastifyInstance;
  readonly deps: AppDependencies;
  /** Every link the app announced to Discord, in order. */
  readonly announced: { readonly grant: OAuthGrant; readonly link: MemberLink }[];
  /** Runs /link's first step and approves it at the OAuth fixture; returns the callback's query. */
  startLink(who?: OAuthLinkRequester): Promise<{ readonly state: string; readonly code: string }>;
  /** GET /oauth/callback with this code and state. */
  openCallback(query: { readonly state: string; readonly code: string }): Promise<LightMyRequestResponse>;
  /** The form and cookie of a confirm page. */
  readForm(page: LightMyRequestResponse): ConfirmForm;
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
}): Promise<OAuthLinkApp> {
  const announced: { grant: OAuthGrant; link: MemberLink }[] = [];
  const { deps, close } = await createTestAppDependencies({
    ...(fixtures.clock === undefined ? {} : { clock: fixtures.clock }),
    env: {
      PUBLIC_URL: publicUrl,
      PLATFORM_API_URL: fixtures.platform.baseUrl,
      PLATFORM_AUTH_URL: fixtures.oauthServer.url,
      PLATFORM_TOKEN_URL: fixtures.oauthServer.url,
      PLATFORM_CLIENT_ID: clientId,
      PLATFORM_CLIENT_SECRET: clientSecret,
    },
    announceLink: (grant, link) => {
      announced.push({ grant, link });
      return Promise.resolve();
    },
  });
  const app = await buildHttpServer(deps);
  let issued = 0;
  return {
    app,
    deps,
    announced,
    async startLink(who = requester) {
      const { url } = await startOAuthLink(deps, who, "interaction-token");
      const authorize = new URL(url);
      issued += 1;
      const code = `code-${issued}`;
      fixtures.oauthServer.issueCode(
        code,
        authorize.searchParams.get("code_challenge") ?? "",
        oauthRedirectUri(publicUrl),
      );
      return { state: authorize.searchParams.get("state") ?? "", code };
    },
    openCallback: (query) =>
      app.inject({ method: "GET", url: `/oauth/callback?${new URLSearchParams(query).toString()}` }),
    readForm: (page) => ({
      fields: readConfirmFields(page.body),
      cookie: cookieHeaderFrom(page.cookies.map((cookie) => `${cookie.name}=${cookie.value}`)),
    }),
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
