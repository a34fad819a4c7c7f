// The sign-in is bound to the browser that opened /link's sign-in link (docs/architecture.md, "Linking"):
// `GET /oauth/start/:startId` sets the cookie and redirects to the platform, and the callback and the
// confirmation answer only a browser holding that cookie, using up nothing for any other.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { buildOAuthLinkApp, type OAuthLinkApp } from "./support/oauth-link-app.js";

const browserCookie = "arena_oauth_browser";
const notStartedHere = "This sign-in was not started in this browser, so nothing was linked.";

describe("binding the OAuth sign-in to the browser that opened its link", () => {
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let clock: ManualClock;
  let linking: OAuthLinkApp;

  beforeAll(async () => {
    oauthServer = await startOAuthFixture();
    platform = await startPlatformFixture();
  });
  afterAll(async () => {
    await oauthServer.close();
    await platform.close();
  });
  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    linking = await buildOAuthLinkApp({ oauthServer, platform, clock });
  });
  afterEach(async () => {
    await linking.close();
  });

  const tokenRequests = () =>
    oauthServer.received.filter((request) => request.path === "/oauth/token").length;
  const withoutCookie = (header: string, name: string) =>
    header
      .split("; ")
      .filter((pair) => !pair.startsWith(`${name}=`))
      .join("; ");

  describe("GET /oauth/start/:startId", () => {
    it("sets an HttpOnly, SameSite=Lax cookie for the sign-in's lifetime and redirects (303) to the platform", async () => {
      const link = await linking.createSignInLink();
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/oauth\/start\/[A-Za-z0-9_-]{43}$/);
      const opened = await linking.openSignInLink(link);

      expect(opened.statusCode).toBe(303);
      const authorize = new URL(String(opened.headers.location));
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${oauthServer.url}/oauth/authorize`);
      expect(authorize.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      expect(opened.headers["cache-control"]).toBe("no-store");
      expect(opened.headers["referrer-policy"]).toBe("no-referrer");
      expect(opened.cookies).toEqual([
        {
          name: browserCookie,
          value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
          path: "/oauth",
          maxAge: 600,
          httpOnly: true,
          sameSite: "Lax",
        },
      ]);
    });

    it("marks the cookie Secure when PUBLIC_URL is https", async () => {
      const secure = await buildOAuthLinkApp({
        oauthServer,
        platform,
        publicUrl: "https://bot.example/arena",
      });
      try {
        const opened = await secure.openSignInLink(await secure.createSignInLink());
        expect(opened.statusCode).toBe(303);
        expect(opened.cookies).toEqual([
          expect.objectContaining({
            name: browserCookie,
            secure: true,
            path: "/arena/oauth",
            sameSite: "Lax",
          }),
        ]);
      } finally {
        await secure.close();
      }
    });

    it("sends the browser that opened the link on again, and refuses every other browser", async () => {
      const link = await linking.createSignInLink();
      const first = await linking.openSignInLink(link);
      const cookie = `${browserCookie}=${first.cookies[0]?.value ?? ""}`;

      const again = await linking.openSignInLink(link, cookie);
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toBe(first.headers.location);
      expect(again.cookies).toEqual([]);

      const otherBrowser = `${browserCookie}=${(await linking.startLink()).browser.split("=")[1] ?? ""}`;
      for (const elsewhere of ["", otherBrowser, `${browserCookie}=not-a-key-the-bot-made`]) {
        const refused = await linking.openSignInLink(link, elsewhere);
        expect(refused.statusCode).toBe(400);
        expect(refused.headers.location).toBeUndefined();
        expect(refused.cookies).toEqual([]);
        expect(refused.body).toContain("This sign-in link was already opened in another browser.");
        expect(refused.body).toContain("Run /link in Discord to get a new one.");
      }
    });

    it("serves no HEAD, so a link checker cannot take the link before the member opens it", async () => {
      const link = await linking.createSignInLink();
      const head = await linking.app.inject({ method: "HEAD", url: new URL(link).pathname });
      expect(head.statusCode).toBe(404);
      expect(head.cookies).toEqual([]);
      expect((await linking.openSignInLink(link)).statusCode).toBe(303);
    });

    it("answers an unknown, an expired and a malformed link with a page saying to run /link again", async () => {
      const unknown = await linking.openSignInLink(`http://127.0.0.1:3000/oauth/start/${"x".repeat(43)}`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body).toContain("This link request is unknown or was already used.");

      const link = await linking.createSignInLink();
      clock.advance(10 * 60 * 1000 + 1);
      const expired = await linking.openSignInLink(link);
      expect(expired.statusCode).toBe(400);
      expect(expired.body).toContain("This link request expired");

      const malformed = await linking.openSignInLink("http://127.0.0.1:3000/oauth/start/<script>");
      expect(malformed.statusCode).toBe(400);
      expect(malformed.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(malformed.body).toContain(
        "The sign-in link was malformed. Run /link in Discord to start again.",
      );
      for (const page of [unknown, expired, malformed]) expect(page.cookies).toEqual([]);
    });
  });

  describe("GET /oauth/callback", () => {
    it("refuses a browser without the sign-in's cookie, or with another browser's, using up nothing", async () => {
      const signIn = await linking.startLink();
      const otherBrowser = (await linking.startLink()).browser;
      for (const browser of ["", otherBrowser, `${browserCookie}=${"z".repeat(43)}`]) {
        const refused = await linking.openCallback({ ...signIn, browser });
        expect(refused.statusCode).toBe(400);
        expect(refused.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(refused.body).toContain(notStartedHere);
        expect(refused.body).toContain(
          "Run /link in Discord and open its link in this browser to start again.",
        );
        expect(refused.body).not.toContain("Mallory");
        expect(refused.body).not.toMatch(/<form/);
      }
      // The browser that opened the link still gets its confirm page.
      const own = await linking.openCallback(signIn);
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain("<bdi>Mallory</bdi>");
    });
  });

  describe("POST /oauth/confirm", () => {
    it("refuses a confirmation without the sign-in's cookie, even with the page's CSRF token and cookie", async () => {
      const form = await linking.openConfirmForm();
      const before = tokenRequests();
      for (const action of ["link", "cancel"] as const) {
        const refused = await linking.submit(
          { ...form, cookie: withoutCookie(form.cookie, browserCookie) },
          action,
        );
        expect(refused.statusCode).toBe(400);
        expect(refused.body).toContain(notStartedHere);
      }
      expect(await linking.storedLink()).toBeUndefined();
      expect(tokenRequests()).toBe(before);
      expect((await linking.submit(form, "link")).statusCode).toBe(200);
    });

    it("refuses a confirmation carrying another browser's sign-in cookie, and uses nothing up", async () => {
      const form = await linking.openConfirmForm();
      const otherBrowser = (await linking.startLink()).browser;
      const forged = { ...form, cookie: `${withoutCookie(form.cookie, browserCookie)}; ${otherBrowser}` };
      const before = tokenRequests();
      for (const action of ["link", "cancel"] as const) {
        const refused = await linking.submit(forged, action);
        expect(refused.statusCode).toBe(400);
        expect(refused.body).toContain(notStartedHere);
      }
      expect(await linking.storedLink()).toBeUndefined();
      expect(tokenRequests()).toBe(before);
      const linked = await linking.submit(form, "link");
      expect(linked.statusCode).toBe(200);
      expect((await linking.storedLink())?.platformUsername).toBe("alice");
    });
  });
});
