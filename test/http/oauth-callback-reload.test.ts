// The callback opened again while its first visit is still exchanging the code (docs/architecture.md,
// "Linking"): a member on a slow platform reloads the page. A code is single use, and a platform following
// RFC 6749 §4.1.2 revokes the tokens of a code sent twice, so the second visit must not send it again. The
// token endpoint is the OAuth fixture on 127.0.0.1, holding its answer while the test reloads.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import { buildOAuthLinkApp, type OAuthLinkApp } from "./support/oauth-link-app.js";

describe("the OAuth callback reloaded while its code is being exchanged", () => {
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
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
    linking = await buildOAuthLinkApp({
      oauthServer,
      platform,
      clock: new ManualClock(Date.UTC(2026, 0, 1)),
    });
  });
  afterEach(async () => {
    await linking.close();
  });

  const tokenRequests = () =>
    oauthServer.received.filter((request) => request.path === "/oauth/token").length;

  it("sends the code once, asks the reload to wait, and shows the confirm page once the exchange is done", async () => {
    const signIn = await linking.startLink();
    const before = tokenRequests();
    const release = oauthServer.holdAnswers();
    const first = linking.openCallback(signIn);
    await vi.waitFor(
      () => {
        expect(tokenRequests()).toBe(before + 1);
      },
      { timeout: 15_000, interval: 20 },
    );

    let reloaded: Awaited<typeof first> | undefined;
    const reload = linking.openCallback(signIn).then((page) => (reloaded = page));
    // Either the reload answers while the exchange is held, or (as it did) it sends the code a second time.
    await vi.waitFor(
      () => {
        expect(reloaded !== undefined || tokenRequests() > before + 1).toBe(true);
      },
      { timeout: 15_000, interval: 20 },
    );
    release();
    await reload;
    const firstPage = await first;

    expect(tokenRequests()).toBe(before + 1);
    expect(reloaded?.statusCode).toBe(409);
    expect(reloaded?.body).toContain("still being completed");
    expect(firstPage.statusCode).toBe(200);
    // Reloaded once more after the exchange: the confirm page, without sending the code again.
    const again = await linking.openCallback(signIn);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain("<strong><bdi>alice</bdi></strong>, which you just signed in with,");
    expect(tokenRequests()).toBe(before + 1);
    expect((await linking.submit(linking.readForm(again, signIn), "link")).statusCode).toBe(200);
    expect((await linking.storedLink())?.platformUsername).toBe("alice");
  });
});
