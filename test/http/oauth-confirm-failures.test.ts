// "Link account" on the confirm page when the platform fails after the sign-in was taken out
// (docs/architecture.md, "Linking"): the sign-in is used up and nothing is linked, so the tokens its callback
// got are nobody's; they are revoked rather than left valid at the platform. The platform and its token
// endpoint are the fixtures on 127.0.0.1.
import { describe, expect, it } from "vitest";
import { useOAuthLinkApp } from "./support/oauth-link-app.js";

describe("a confirmation the platform fails after the sign-in was taken out", () => {
  const world = useOAuthLinkApp();

  const revokes = () =>
    world.oauthServer.received.filter((request) => request.path === "/oauth/revoke").length;

  it("revokes the callback's tokens when the platform cannot say whose they are, and links nothing", async () => {
    const form = await world.linking.openConfirmForm();
    const before = revokes();
    // GET /users/me fails twice: the first answer and the client's one retry of a GET.
    world.platform.queueReplies({ status: 503, body: {} }, { status: 503, body: {} });
    const failed = await world.linking.submit(form, "link");
    expect(failed.statusCode).toBe(502);
    expect(failed.body).toContain("The platform could not complete the link right now.");
    expect(revokes()).toBe(before + 1);
    expect(await world.linking.storedLink()).toBeUndefined();
    expect(world.linking.announced).toEqual([]);
    // The sign-in is used up: a second press is told so, and revokes nothing more.
    const again = await world.linking.submit(form, "link");
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("unknown or was already used");
    expect(revokes()).toBe(before + 1);
  });
});
