// A member's OAuth token the platform stops accepting (docs/architecture.md, "Linking"): issued without
// expires_in or ended early, it is refreshed when the platform answers 401 and the command goes on; commands
// refused together spend the refresh token once; a refresh token revoked at the platform marks the link and the
// member is told to link again. The sandbox ends or revokes the tokens (sandbox/README.md, "Control routes").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMemberLink, type MemberLink } from "../../src/store/member-links.js";
import { readConfirmFields } from "../http/support/confirm-form.js";
import { createHandBrowser } from "../http/support/hand-browser.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { buttons } from "./support/message-parts.js";

describe("a member token the platform refuses with 401, end to end", () => {
  let world: EndToEnd;
  const seenTokens: string[] = [];

  beforeAll(async () => {
    world = await startEndToEnd();
  });
  afterAll(async () => {
    await world.close();
  });

  const alice = () => ({
    guildId: world.guildId,
    channelId: world.channelId,
    userId: world.members.alice.id,
  });

  async function storedLink(): Promise<MemberLink> {
    const link = await findMemberLink(world.bot.deps.db, world.bot.deps.secretBox, {
      guildId: world.guildId,
      userId: world.members.alice.id,
    });
    if (link === undefined) throw new Error("alice is not linked");
    seenTokens.push(link.credential.accessToken, link.credential.refreshToken ?? "");
    return link;
  }

  /** /link through the platform's sign-in, which the sandbox approves at once as alice. */
  async function linkThroughOAuth(): Promise<void> {
    const prompt = await world.discord.runCommand({ ...alice(), name: "link" }).waitForFinal();
    const signInLink = buttons(prompt).find((button) => button.label === "Link account")?.url ?? "";
    const browser = createHandBrowser();
    const started = await browser.get(signInLink);
    const authorize = await browser.get(started.headers.get("location") ?? "");
    const callbackUrl = authorize.headers.get("location") ?? "";
    const fields = readConfirmFields(await (await browser.get(callbackUrl)).text());
    const linked = await browser.postForm(new URL("confirm", callbackUrl), { ...fields, action: "link" });
    expect(await linked.text()).toMatch(/Linked \w+ to alice in Arena\./);
  }

  it("refreshes a token issued without expires_in once the platform stops accepting it, and answers", async () => {
    world.sandbox.control.setReportExpiresIn(false);
    await linkThroughOAuth();
    const linked = await storedLink();
    expect(linked.credential.expiresAt).toBeUndefined();
    expect(world.sandbox.control.expireAccessTokens("alice")).toBe(1);

    const reply = await world.discord.runCommand({ ...alice(), name: "whoami" }).waitForFinal();

    expect(reply.embeds[0]?.title).toBe("Linked as alice");
    const refreshed = await storedLink();
    expect(refreshed.status).toBe("active");
    expect(refreshed.credential.accessToken).not.toBe(linked.credential.accessToken);
    expect(refreshed.credential.refreshToken).not.toBe(linked.credential.refreshToken);
  });

  it("answers both of two commands the platform refuses at the same time, the link still active", async () => {
    const before = await storedLink();
    expect(world.sandbox.control.expireAccessTokens("alice")).toBe(1);

    // The sandbox spends a refresh token on first use, so a second refresh with it is refused; both commands
    // answering as alice with the link still active is what the member sees (test/linking/refresh-on-401.test.ts
    // counts the refreshes themselves).
    const replies = await Promise.all(
      ["whoami", "whoami"].map((name) => world.discord.runCommand({ ...alice(), name }).waitForFinal()),
    );

    expect(replies.map((reply) => reply.embeds[0]?.title)).toEqual(["Linked as alice", "Linked as alice"]);
    const after = await storedLink();
    expect(after.status).toBe("active");
    expect(after.credential.accessToken).not.toBe(before.credential.accessToken);
  });

  it("tells the member to link again, and marks the link, when the platform refuses the refresh too", async () => {
    const { credential } = await storedLink();
    const client = world.sandbox.oauthClient;
    const revoked = await fetch(`${world.sandbox.url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        token: credential.refreshToken,
        client_id: client?.clientId,
        client_secret: client?.clientSecret,
      }),
    });
    expect(revoked.status).toBe(200);

    const reply = await world.discord.runCommand({ ...alice(), name: "whoami" }).waitForFinal();

    expect(reply.content).toBe(
      "Your platform authorization has expired or was revoked. Run `/link` to link your account again.",
    );
    expect((await storedLink()).status).toBe("reauth_needed");
  });

  it("keeps every token out of the logs and of what the bot sent to Discord", () => {
    const secrets = [...new Set(seenTokens)].filter((token) => token.length > 0);
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    const discordSaw =
      JSON.stringify(world.discord.messages(world.channelId)) +
      JSON.stringify(world.discord.interactions().map((record) => record.callback));
    for (const secret of secrets) {
      expect(world.logs()).not.toContain(secret);
      expect(discordSaw).not.toContain(secret);
    }
  });
});
