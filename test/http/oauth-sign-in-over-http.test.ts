// The whole OAuth sign-in over real HTTP (docs/architecture.md, "Linking"): the bot's app listening on
// 127.0.0.1, the platform sandbox approving at once, and browsers made by hand with cookie jars of their own.
// The browser that opened /link's sign-in link links; a browser holding only the callback URL, or opening
// the sign-in link second, or confirming without the sign-in's cookie, gets a page and links nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { AppDependencies } from "../../src/http/app-dependencies.js";
import { buildHttpServer } from "../../src/http/http-server.js";
import { startOAuthLink } from "../../src/linking/oauth-link.js";
import { findMemberLink } from "../../src/store/member-links.js";
import { findFreePort } from "../../playground/free-port.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { readConfirmFields } from "./support/confirm-form.js";
import { createHandBrowser, type HandBrowser } from "./support/hand-browser.js";
import { requester } from "./support/oauth-link-app.js";
import { createTestAppDependencies } from "./support/test-app.js";

const browserCookie = "arena_oauth_browser";
const notStartedHere = "This sign-in was not started in this browser, so nothing was linked.";

describe("the OAuth sign-in over HTTP, bound to the browser that opened the link", () => {
  let sandbox: Sandbox;
  let deps: AppDependencies;
  let app: FastifyInstance;
  let closeDeps: () => Promise<void>;
  let publicUrl: string;
  let member = 0;

  beforeAll(async () => {
    publicUrl = `http://127.0.0.1:${await findFreePort()}`;
    sandbox = await buildSandbox({
      autoApprove: true,
      oauthClient: { redirectUris: [`${publicUrl}/oauth/callback`] },
    });
    await sandbox.listen(0, "127.0.0.1");
    const client = sandbox.oauthClient;
    if (client === undefined) throw new Error("the sandbox registered no OAuth client");
    const built = await createTestAppDependencies({
      env: {
        PUBLIC_URL: publicUrl,
        PLATFORM_API_URL: `${sandbox.url}/v1`,
        PLATFORM_AUTH_URL: sandbox.url,
        PLATFORM_TOKEN_URL: sandbox.url,
        PLATFORM_CLIENT_ID: client.clientId,
        PLATFORM_CLIENT_SECRET: client.clientSecret,
      },
      announceLink: () => Promise.resolve(),
    });
    deps = built.deps;
    closeDeps = built.close;
    app = await buildHttpServer(deps);
    await app.listen({ host: "127.0.0.1", port: Number(new URL(publicUrl).port) });
  });
  afterAll(async () => {
    await app.close();
    await closeDeps();
    await sandbox.close();
  });

  /** /link for a member of its own, so each test links someone new. */
  async function runLink() {
    member += 1;
    const who = { ...requester, userId: `20000000000000000${member}` };
    return { who, link: (await startOAuthLink(deps, who, "interaction-token")).url };
  }

  /** Opens the sign-in link in `browser` and lets the sandbox approve; returns the callback URL, not yet opened. */
  async function signInUpToCallback(browser: HandBrowser, link: string): Promise<string> {
    const started = await browser.get(link);
    expect(started.status).toBe(303);
    const approved = await browser.get(started.headers.get("location") ?? "");
    expect(approved.status).toBe(302);
    const callbackUrl = approved.headers.get("location") ?? "";
    expect(callbackUrl.startsWith(`${publicUrl}/oauth/callback?`)).toBe(true);
    return callbackUrl;
  }

  const stored = (who: typeof requester) => findMemberLink(deps.db, deps.secretBox, who);

  it("links in the browser that opened the link: start, platform, callback, confirm", async () => {
    const { who, link } = await runLink();
    const browser = createHandBrowser();
    const { response, visited } = await browser.follow(link);
    expect(visited.map((address) => new URL(address).pathname)).toEqual([
      new URL(link).pathname,
      "/oauth/authorize",
      "/oauth/callback",
    ]);
    expect(response.status).toBe(200);
    expect(browser.cookie(browserCookie)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const fields = readConfirmFields(await response.text());
    const linked = await browser.postForm(`${publicUrl}/oauth/confirm`, { ...fields, action: "link" });
    expect(linked.status).toBe(200);
    expect(await linked.text()).toMatch(/Linked \w+ to Mallory \(@mallory\) in Arena Club\./);
    expect((await stored(who))?.credentialKind).toBe("oauth");
  });

  it("refuses the callback URL in another browser, with or without a sign-in of its own", async () => {
    const { who, link } = await runLink();
    const memberBrowser = createHandBrowser();
    const callbackUrl = await signInUpToCallback(memberBrowser, link);

    const withSignInOfItsOwn = createHandBrowser();
    await withSignInOfItsOwn.follow((await runLink()).link);
    expect(withSignInOfItsOwn.cookie(browserCookie)).toBeDefined();
    const strangers = [createHandBrowser(), withSignInOfItsOwn];
    for (const stranger of strangers) {
      const refused = await stranger.get(callbackUrl);
      expect(refused.status).toBe(400);
      const page = await refused.text();
      expect(page).toContain(notStartedHere);
      expect(page).not.toContain("Mallory");
    }

    const own = await memberBrowser.get(callbackUrl);
    expect(own.status).toBe(200);
    const fields = readConfirmFields(await own.text());
    const linked = await memberBrowser.postForm(`${publicUrl}/oauth/confirm`, { ...fields, action: "link" });
    expect(linked.status).toBe(200);
    expect(await stored(who)).toBeDefined();
  });

  it("refuses a second browser opening the sign-in link, and sends it nowhere", async () => {
    const { link } = await runLink();
    await signInUpToCallback(createHandBrowser(), link);
    const second = createHandBrowser();
    const refused = await second.get(link);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("location")).toBeNull();
    expect(await refused.text()).toContain("This sign-in link was already opened in another browser.");
    expect(second.cookie(browserCookie)).toBeUndefined();
  });

  it("refuses a confirmation without the sign-in's cookie, and the member's own still links", async () => {
    const { who, link } = await runLink();
    const browser = createHandBrowser();
    const page = await browser.get(await signInUpToCallback(browser, link));
    const fields = readConfirmFields(await page.text());

    // The page's CSRF cookie and token, but not the sign-in's cookie.
    const stripped = browser.copyWithout(browserCookie);
    expect(stripped.cookie("arena_oauth_csrf")).toBeDefined();
    const refused = await stripped.postForm(`${publicUrl}/oauth/confirm`, { ...fields, action: "link" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(notStartedHere);
    expect(await stored(who)).toBeUndefined();

    const linked = await browser.postForm(`${publicUrl}/oauth/confirm`, { ...fields, action: "link" });
    expect(linked.status).toBe(200);
    expect(await stored(who)).toBeDefined();
  });
});
