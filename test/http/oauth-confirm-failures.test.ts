// "Link account" on the confirm page when the platform fails before the link is stored (docs/architecture.md,
// "Linking"): the sign-in is taken out only in the transaction that stores the link, so a failure (or the
// process stopping) before that commit uses nothing up. Before, the sign-in was taken out first: a failure
// of GET /users/me revoked the callback's tokens and the member had to run /link again, and a process stopped
// between the two left tokens valid at the platform that nothing held or queued. The platform and its token
// endpoint are the fixtures on 127.0.0.1.
import { describe, expect, it } from "vitest";
import { useOAuthLinkApp } from "./support/oauth-link-app.js";

describe("a confirmation the platform fails before the link is stored", () => {
  const world = useOAuthLinkApp();

  const requestsTo = (path: string) =>
    world.oauthServer.received.filter((request) => request.path === path).length;

  it("keeps the sign-in pending with its tokens, and links on the next press without a new sign-in", async () => {
    const form = await world.linking.openConfirmForm();
    const revokesBefore = requestsTo("/oauth/revoke");
    const exchangesBefore = requestsTo("/oauth/token");
    // GET /users/me fails twice: the first answer and the client's one retry of a GET.
    world.platform.queueReplies({ status: 503, body: {} }, { status: 503, body: {} });
    const failed = await world.linking.submit(form, "link");
    expect(failed.statusCode).toBe(502);
    expect(failed.body).toContain("press Link account again in a moment");
    expect(await world.linking.storedLink()).toBeUndefined();
    expect(world.linking.announced).toEqual([]);
    expect(requestsTo("/oauth/revoke")).toBe(revokesBefore);

    const again = await world.linking.submit(form, "link");
    expect(again.statusCode).toBe(200);
    expect((await world.linking.storedLink())?.platformUsername).toBe("alice");
    // The callback's tokens, kept while the sign-in was pending: no second exchange, nothing revoked.
    expect(requestsTo("/oauth/token")).toBe(exchangesBefore);
    expect(requestsTo("/oauth/revoke")).toBe(revokesBefore);
    // Used up by the link: a third press is told so.
    const third = await world.linking.submit(form, "link");
    expect(third.statusCode).toBe(400);
    expect(third.body).toContain("unknown or was already used");
  });

  it("says the platform no longer accepts the sign-in when GET /users/me refuses its token with 401", async () => {
    const form = await world.linking.openConfirmForm();
    world.platform.queueReplies({
      status: 401,
      body: { error: { code: "UNAUTHORIZED", message: "Token revoked", requestId: "req_401" } },
    });
    const failed = await world.linking.submit(form, "link");
    expect(failed.statusCode).toBe(502);
    expect(failed.body).toContain("The platform no longer accepts this sign-in");
    expect(failed.body).toContain("Run /link in Discord to start over.");
    expect(failed.body).not.toContain("press Link account again");
    expect(await world.linking.storedLink()).toBeUndefined();
  });
});
