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
});
