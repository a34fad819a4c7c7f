// Linked Roles end to end (docs/architecture.md, "Linked Roles"): the metadata deployed, a member linked with
// /link, then their browser through the verification URL over real HTTP, Discord's consent on the fake, and
// their rating, wins and join date on their role connection.
import { REST } from "@discordjs/rest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerRoleConnectionMetadata } from "../../src/discord/role-connection-metadata.js";
import {
  linkedRolesRedirectUri,
  linkedRolesVerificationUrl,
} from "../../src/linking/linked-roles-settings.js";
import { findMemberLink, saveMemberLink } from "../../src/store/member-links.js";
import { readConfirmFields } from "../http/support/confirm-form.js";
import { createHandBrowser } from "../http/support/hand-browser.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { keyOf } from "./support/sandbox-keys.js";

const clientSecret = "linked-roles-client-secret";

describe("a member verifying their Linked Roles connection", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startEndToEnd({
      discord: { oauth2: { clientSecret } },
      env: { DISCORD_CLIENT_SECRET: clientSecret },
    });
    world.discord.oauth2.addRedirectUri(linkedRolesRedirectUri(world.publicUrl));
    const rest = new REST({ api: world.discord.apiUrl }).setToken(world.discord.botToken);
    await registerRoleConnectionMetadata(rest, world.discord.applicationId);
  });
  afterAll(async () => {
    await world.close();
  });

  it("shows the platform account and its rating on the member's Discord profile", async () => {
    const alice = world.members.alice;
    await linkMember(world, alice.id, keyOf(world, "alice"));
    const opened = await fetch(linkedRolesVerificationUrl(world.publicUrl), { redirect: "manual" });
    expect(opened.status).toBe(303);
    const cookie = opened.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const redirect = world.discord.oauth2.approve(opened.headers.get("location") ?? "", alice.id);
    const page = await fetch(redirect, { headers: { cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Your Discord profile now shows your platform account alice.");

    const platformAlice = [...world.sandbox.state.users.values()].find((user) => user.username === "alice");
    const connection = await world.discord.oauth2.waitForRoleConnection(alice.id);
    expect(connection.platform_name).toBe("Arena");
    expect(connection.platform_username).toBe("alice");
    expect(connection.metadata.rating).toBe(String(platformAlice?.rating));
    expect(connection.metadata.battles_won).toMatch(/^\d+$/);
    expect(connection.metadata.member_since).toBe(new Date(platformAlice?.joinedAt ?? 0).toISOString());
    expect(world.logs()).not.toContain(clientSecret);
  });

  it("signs a member with no link in to the platform, makes it their personal link and writes the connection", async () => {
    const bob = world.members.bob.id;
    const browser = createHandBrowser();
    const opened = await browser.get(linkedRolesVerificationUrl(world.publicUrl));
    expect(opened.status).toBe(303);
    const discordRedirect = world.discord.oauth2.approve(opened.headers.get("location") ?? "", bob);
    // Discord's answer, with no link anywhere: straight on to the bot's platform sign-in, as /link's.
    const toSignIn = await browser.get(discordRedirect);
    expect(toSignIn.status).toBe(303);
    const signInLink = toSignIn.headers.get("location") ?? "";
    expect(signInLink).toMatch(new RegExp(`^${world.publicUrl}/oauth/start/[A-Za-z0-9_-]{43}$`));
    const started = await browser.get(signInLink);
    const authorize = await browser.get(started.headers.get("location") ?? "");
    const callbackUrl = authorize.headers.get("location") ?? "";
    const confirmPage = await (await browser.get(callbackUrl)).text();
    expect(confirmPage).toMatch(/<bdi>bob<\/bdi><\/strong> as their personal link, used outside servers/);
    const linked = await browser.postForm(new URL("confirm", callbackUrl), {
      ...readConfirmFields(confirmPage),
      action: "link",
    });
    expect(linked.status).toBe(200);
    const text = await linked.text();
    const platformUsername = /Linked (\w+) to bob/.exec(text)?.[1] ?? "";
    expect(text).toContain(`Your Discord profile now shows your platform account ${platformUsername}.`);

    const personal = await findMemberLink(world.bot.deps.db, world.bot.deps.secretBox, {
      guildId: undefined,
      userId: bob,
    });
    expect(personal).toMatchObject({ platformUsername, credentialKind: "oauth" });
    const connection = await world.discord.oauth2.waitForRoleConnection(bob);
    expect(connection.platform_username).toBe(platformUsername);
    expect(connection.metadata.rating).toMatch(/^\d+$/);
  });

  it("lets a member whose servers hold different accounts choose one by signing in, as their personal link", async () => {
    const alice = world.members.alice.id;
    // alice linked "alice" in Arena (the first test); another server of hers holds bob's account.
    const platformBob = [...world.sandbox.state.users.values()].find((user) => user.username === "bob");
    await saveMemberLink(world.bot.deps.db, world.bot.deps.secretBox, {
      guildId: "900000000000000009",
      userId: alice,
      platformUserId: platformBob?.id ?? "",
      platformUsername: "bob",
      credentialKind: "api_key",
      credential: { accessToken: keyOf(world, "bob") },
      now: Date.now(),
    });
    const browser = createHandBrowser();
    const opened = await browser.get(linkedRolesVerificationUrl(world.publicUrl));
    const page = await browser.get(world.discord.oauth2.approve(opened.headers.get("location") ?? "", alice));
    expect(page.status).toBe(200);
    const choose = await page.text();
    expect(choose).toContain("You linked different platform accounts in different servers.");
    const signInLink = /<a href="([^"]+)">Sign in to the platform<\/a>/.exec(choose)?.[1] ?? "";
    expect(signInLink).toMatch(new RegExp(`^${world.publicUrl}/oauth/start/[A-Za-z0-9_-]{43}$`));

    const started = await browser.get(signInLink);
    const authorize = await browser.get(started.headers.get("location") ?? "");
    const callbackUrl = authorize.headers.get("location") ?? "";
    const confirmPage = await (await browser.get(callbackUrl)).text();
    const linked = await browser.postForm(new URL("confirm", callbackUrl), {
      ...readConfirmFields(confirmPage),
      action: "link",
    });
    const text = await linked.text();
    const chosen = /Linked (\w+) to alice as their personal link/.exec(text)?.[1] ?? "";
    expect(text).toContain(`Your Discord profile now shows your platform account ${chosen}.`);
    expect(
      await findMemberLink(world.bot.deps.db, world.bot.deps.secretBox, {
        guildId: undefined,
        userId: alice,
      }),
    ).toMatchObject({ platformUsername: chosen });
  });
});
