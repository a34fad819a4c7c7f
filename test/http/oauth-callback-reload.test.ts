// The callback opened again while its first visit is still exchanging the code (docs/architecture.md,
// "Linking"): a member on a slow platform reloads the page. A code is single use, and a platform following
// RFC 6749 §4.1.2 revokes the tokens of a code sent twice, so the second visit must not send it again. The
// token endpoint is the OAuth fixture on 127.0.0.1, holding its answer while the test reloads.
import { describe, expect, it, vi } from "vitest";
import { useOAuthLinkApp } from "./support/oauth-link-app.js";

describe("the OAuth callback reloaded while its code is being exchanged", () => {
  const world = useOAuthLinkApp();

  const tokenRequests = () =>
    world.oauthServer.received.filter((request) => request.path === "/oauth/token").length;

  it("sends the code once, asks the reload to wait, and shows the confirm page once the exchange is done", async () => {
    const signIn = await world.linking.startLink();
    const before = tokenRequests();
    const release = world.oauthServer.holdAnswers();
    const first = world.linking.openCallback(signIn);
    await vi.waitFor(
      () => {
        expect(tokenRequests()).toBe(before + 1);
      },
      { timeout: 15_000, interval: 20 },
    );

    let reloaded: Awaited<typeof first> | undefined;
    const reload = world.linking.openCallback(signIn).then((page) => (reloaded = page));
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
    const again = await world.linking.openCallback(signIn);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain("<strong><bdi>alice</bdi></strong>, which you just signed in with,");
    expect(tokenRequests()).toBe(before + 1);
    expect((await world.linking.submit(world.linking.readForm(again, signIn), "link")).statusCode).toBe(200);
    expect((await world.linking.storedLink())?.platformUsername).toBe("alice");
  });
});
