// GET /oauth/callback and POST /oauth/confirm (docs/architecture.md, "Linking"): the callback only asks the
// person to confirm which Discord member and server the account goes to; the confirm form, sent from that
// page with its CSRF token and cookie, is what exchanges the code and stores the link.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { oauthStateLifetimeMs } from "../../src/linking/linking-deps.js";
import { pruneAbandonedSignIns } from "../../src/linking/prune-abandoned-sign-ins.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { buildOAuthLinkApp, requester, type OAuthLinkApp } from "./support/oauth-link-app.js";

describe("linking through the OAuth callback and the confirm page", () => {
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

  it("exchanges the code once at the callback to learn the account, and stores no link", async () => {
    const before = tokenRequests();
    const signIn = await linking.startLink();
    const page = await linking.openCallback(signIn);
    expect(page.body).toContain(
      "the platform account <strong><bdi>alice</bdi></strong>, which you just signed in with,",
    );
    expect(await linking.storedLink()).toBeUndefined();
    expect(tokenRequests()).toBe(before + 1);
    expect(linking.announced).toEqual([]);
    // A reload names the same account without spending the code again (a code is single use).
    const reloaded = await linking.openCallback(signIn);
    expect(reloaded.body).toContain("<strong><bdi>alice</bdi></strong>, which you just signed in with,");
    expect(tokenRequests()).toBe(before + 1);
    // "Link account" links with the tokens the callback got.
    expect((await linking.submit(linking.readForm(reloaded, signIn), "link")).statusCode).toBe(200);
    expect((await linking.storedLink())?.platformUsername).toBe("alice");
    expect(tokenRequests()).toBe(before + 1);
  });

  it("names the platform account as escaped text", async () => {
    platform.queueReplies({ body: { id: "usr_evil", username: '<img src=x onerror=alert(1)> & "co"' } });
    const page = await linking.openCallback(await linking.startLink());
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      "<strong><bdi>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;co&quot;</bdi></strong>, which you just signed in with,",
    );
    expect(page.body).not.toContain("<img");
  });

  it("revokes the tokens when the platform cannot say whose they are, and shows a failure page", async () => {
    const revokes = () => oauthServer.received.filter((request) => request.path === "/oauth/revoke").length;
    const before = revokes();
    // GET /users/me fails twice: the first answer and the client's one retry of a GET.
    platform.queueReplies({ status: 503, body: {} }, { status: 503, body: {} });
    const page = await linking.openCallback(await linking.startLink());
    expect(page.statusCode).toBe(502);
    expect(page.body).toContain("The platform could not complete the sign-in right now.");
    expect(revokes()).toBe(before + 1);
    expect(await linking.storedLink()).toBeUndefined();
  });

  it("answers a code the platform refuses at the callback with a failure page, storing nothing", async () => {
    const { state, browser } = await linking.startLink();
    const page = await linking.openCallback({ state, code: "a-code-never-issued", browser });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("The platform refused the authorization code");
    expect(await linking.storedLink()).toBeUndefined();
  });

  it("answers the callback with a confirm page naming the member and the server", async () => {
    const page = await linking.openCallback(await linking.startLink());
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<strong><bdi>Mallory</bdi></strong> (@<bdi>mallory</bdi>)");
    expect(page.body).toContain("<strong><bdi>Arena Club</bdi></strong>");
    expect(page.body).toMatch(/<button[^>]*value="link"[^>]*>/);
    expect(page.body).toMatch(/<button[^>]*value="cancel"[^>]*>/);
  });

  it("serves every page uncached, unframeable and without a referrer", async () => {
    const confirm = await linking.openCallback(await linking.startLink());
    const failure = await linking.openCallback({ state: "not-a-state-we-issued", code: "some-code" });
    for (const page of [confirm, failure]) {
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.headers["x-frame-options"]).toBe("DENY");
      expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(page.headers["referrer-policy"]).toBe("no-referrer");
    }
  });

  it("sets the CSRF cookie SameSite=Strict and HttpOnly", async () => {
    const page = await linking.openCallback(await linking.startLink());
    expect(page.cookies).toEqual([
      expect.objectContaining({ sameSite: "Strict", httpOnly: true, path: "/oauth" }),
    ]);
  });

  it("escapes the Discord names it shows", async () => {
    const hostile = {
      ...requester,
      memberName: '<script>alert("hi")</script>',
      guildName: "<img src=x onerror=alert(1)> & co",
    };
    const page = await linking.openCallback(await linking.startLink(hostile));
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("<script>alert");
    expect(page.body).not.toContain("<img");
    expect(page.body).toContain("&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;");
    expect(page.body).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; co");
  });

  it("links once the person presses Link, and names the platform account, the member and the server", async () => {
    const form = await linking.openConfirmForm();
    const linked = await linking.submit(form, "link");

    expect(linked.statusCode).toBe(200);
    const stored = await linking.storedLink();
    expect(stored?.platformUsername).toBe("alice");
    expect(stored?.credentialKind).toBe("oauth");
    expect(linked.body).toContain("Linked alice to Mallory (@mallory) in Arena Club");
    expect(linked.headers["x-frame-options"]).toBe("DENY");
    expect(linking.announced.map(({ link }) => link.platformUsername)).toEqual(["alice"]);
    expect(linking.announced[0]?.grant).toMatchObject({ interactionToken: "interaction-token" });
  });

  it("stores nothing when the person presses Cancel, revokes the callback's tokens, and the request cannot be used afterwards", async () => {
    const form = await linking.openConfirmForm();
    const before = tokenRequests();
    const revokes = () => oauthServer.received.filter((request) => request.path === "/oauth/revoke").length;
    const revokedBefore = revokes();
    const cancelled = await linking.submit(form, "cancel");
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain("Nothing was linked");
    expect(linking.cancelled).toEqual([expect.objectContaining({ interactionToken: "interaction-token" })]);
    expect(revokes()).toBe(revokedBefore + 1);

    const afterwards = await linking.submit(form, "link");
    expect(afterwards.statusCode).toBe(400);
    expect(afterwards.body).toContain("unknown or was already used");
    expect(await linking.storedLink()).toBeUndefined();
    expect(tokenRequests()).toBe(before);
  });

  it("revokes the tokens of a sign-in nobody confirmed or cancelled once the hourly prune finds it expired", async () => {
    const revokes = () => oauthServer.received.filter((request) => request.path === "/oauth/revoke");
    const revokedBefore = revokes().length;
    await linking.openCallback(await linking.startLink());
    // Still open: nothing is pruned or revoked.
    expect(await pruneAbandonedSignIns(linking.deps)).toBe(0);
    clock.advance(oauthStateLifetimeMs);
    expect(await pruneAbandonedSignIns(linking.deps)).toBe(1);
    expect(revokes()).toHaveLength(revokedBefore + 1);
    expect(await linking.storedLink()).toBeUndefined();
    // Pruned once: a second prune finds nothing more to revoke.
    expect(await pruneAbandonedSignIns(linking.deps)).toBe(0);
    expect(revokes()).toHaveLength(revokedBefore + 1);
  });

  it("answers a replayed confirmation with a 400 page and stores nothing more", async () => {
    const form = await linking.openConfirmForm();
    expect((await linking.submit(form, "link")).statusCode).toBe(200);
    const replay = await linking.submit(form, "link");
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain("unknown or was already used");
    expect(linking.announced).toHaveLength(1);
  });

  describe("refuses a confirmation that did not come from the page, without using up the request", () => {
    const forgeries: { readonly name: string; readonly forge: (form: ConfirmFormLike) => ConfirmFormLike }[] =
      [
        { name: "no CSRF token", forge: (form) => ({ ...form, fields: withoutField(form.fields, "_csrf") }) },
        {
          name: "a wrong CSRF token",
          forge: (form) => ({ ...form, fields: { ...form.fields, _csrf: "forged" } }),
        },
        { name: "no CSRF cookie", forge: (form) => ({ ...form, cookie: "" }) },
        {
          name: "another browser's CSRF cookie",
          forge: (form) => ({ ...form, cookie: "arena_oauth_csrf=someone-elses-secret" }),
        },
      ];
    for (const { name, forge } of forgeries) {
      it(`with ${name}`, async () => {
        const form = await linking.openConfirmForm();
        const before = tokenRequests();
        const forged = await linking.submit(forge(form), "link");
        expect(forged.statusCode).toBe(400);
        expect(forged.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(forged.body).toContain("was not sent from the confirmation page");
        expect(await linking.storedLink()).toBeUndefined();
        expect(tokenRequests()).toBe(before);
        // The person's own confirmation still works.
        expect((await linking.submit(form, "link")).statusCode).toBe(200);
      });
    }

    const crossSite: { readonly name: string; readonly headers: Record<string, string> }[] = [
      {
        name: "an Origin of another site",
        headers: { origin: "https://evil.example", "sec-fetch-site": "" },
      },
      { name: "Sec-Fetch-Site: cross-site", headers: { "sec-fetch-site": "cross-site", origin: "" } },
      { name: "Sec-Fetch-Site: same-site", headers: { "sec-fetch-site": "same-site", origin: "" } },
    ];
    for (const { name, headers } of crossSite) {
      it(`sent cross-site (${name}), even with the right token and cookie`, async () => {
        const form = await linking.openConfirmForm();
        const forged = await linking.submit(form, "link", headers);
        expect(forged.statusCode).toBe(400);
        expect(forged.body).toContain("was not sent from the confirmation page");
        expect(await linking.storedLink()).toBeUndefined();
        expect((await linking.submit(form, "link")).statusCode).toBe(200);
      });
    }
  });

  it("accepts the page's own form when the browser sends Origin: null because of the no-referrer policy", async () => {
    const form = await linking.openConfirmForm();
    const linked = await linking.submit(form, "link", { origin: "null" });
    expect(linked.statusCode).toBe(200);
    expect((await linking.storedLink())?.platformUsername).toBe("alice");
  });

  it("accepts the form from a browser that sends neither Origin nor Sec-Fetch-Site, on the token alone", async () => {
    const form = await linking.openConfirmForm();
    const linked = await linking.submit(form, "link", { origin: "", "sec-fetch-site": "" });
    expect(linked.statusCode).toBe(200);
    expect((await linking.storedLink())?.platformUsername).toBe("alice");
  });

  it("answers a callback whose query fails its schema with the malformed sign-in page", async () => {
    const before = tokenRequests();
    const { state, code } = await linking.startLink();
    const page = await linking.app.inject({
      method: "GET",
      url: `/oauth/callback?state=${state}&code=${code}&code=${code}`,
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("The sign-in answer was malformed.");
    expect(tokenRequests()).toBe(before);
  });

  it("answers a confirmation whose body fails its schema with the malformed page", async () => {
    const form = await linking.openConfirmForm();
    const malformed = await linking.submit({ ...form, fields: { ...form.fields, code: "" } }, "link");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(malformed.body).toContain("The confirmation was malformed.");
    expect(await linking.storedLink()).toBeUndefined();
    expect((await linking.submit(form, "link")).statusCode).toBe(200);
  });

  it("answers the callback of an expired request with the expired page", async () => {
    const query = await linking.startLink();
    clock.advance(10 * 60 * 1000 + 1);
    const page = await linking.openCallback(query);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("This link request expired");
  });

  it("refuses a confirmation sent after the request expired, stores nothing, and revokes the callback's tokens", async () => {
    const revokes = () => oauthServer.received.filter((request) => request.path === "/oauth/revoke").length;
    const form = await linking.openConfirmForm();
    const revokedBefore = revokes();
    clock.advance(10 * 60 * 1000 + 1);
    const late = await linking.submit(form, "link");
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain("This link request expired");
    expect(await linking.storedLink()).toBeUndefined();
    // The late confirmation took the expired request out, so the hourly prune will never see these tokens.
    expect(revokes()).toBe(revokedBefore + 1);
  });
});

type ConfirmFormLike = Parameters<OAuthLinkApp["submit"]>[0];

function withoutField(fields: Readonly<Record<string, string>>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => key !== name));
}
