// Linked Roles for a member without one platform account to show (docs/architecture.md, "Linked Roles"): with
// no link at all the verification goes on to the platform's sign-in and makes the account their personal link;
// with different accounts in different servers the member chooses one by signing in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkedRolesVerificationUrl } from "../../src/linking/linked-roles-settings.js";
import { findMemberLink, saveMemberLink } from "../../src/store/member-links.js";
import { findRoleConnectionWrite } from "../../src/store/role-connection-write-leases.js";
import { readConfirmFields } from "../http/support/confirm-form.js";
import { createHandBrowser } from "../http/support/hand-browser.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { linkedRolesOptions, setUpLinkedRoles } from "./support/linked-roles-world.js";
import { keyOf } from "./support/sandbox-keys.js";

describe("Linked Roles for a member with no link, or with different links", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    world = await startEndToEnd(linkedRolesOptions());
    await setUpLinkedRoles(world);
  });
  afterAll(async () => {
    await world.close();
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
    // Written once, by the confirmation: the write its link queued is done, and so is not the worker's to make
    // again.
    expect(await findRoleConnectionWrite(world.bot.deps.db, bob)).toBeUndefined();
    expect(world.discord.oauth2.roleConnectionWrites(bob)).toHaveLength(1);

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
    // alice links "alice" here; another server of hers holds bob's account.
    await linkMember(world, alice, keyOf(world, "alice"));
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
