import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeUser } from "../../fake-discord/index.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { ephemeral } from "./support/message-parts.js";
import { expectInert } from "../support/hostile-text.js";

describe("/team, end to end", () => {
  let world: EndToEnd;
  let stranger: FakeUser;
  let teamId: string;
  const at = () => ({ guildId: world.guildId, channelId: world.channelId });
  const runTeam = (subcommand: string, userId: string, options: Record<string, string | number | boolean>) =>
    world.discord.runCommand({ ...at(), userId, name: "team", subcommand, options });
  const team = (subcommand: string, userId: string, options: Record<string, string | number | boolean>) =>
    runTeam(subcommand, userId, options).waitForFinal();
  const invite = (options: Record<string, string>) => team("invite", world.members.alice.id, options);
  const platformUser = (username: string) =>
    [...world.sandbox.state.users.values()].find((user) => user.username === username);

  beforeAll(async () => {
    world = await startEndToEnd();
    const keyOf = (username: string) =>
      world.sandbox.keys.find((key) => key.username === username)?.key ?? "";
    stranger = world.discord.createMember(world.guildId, { username: "stranger" });
    await linkMember(world, world.members.alice.id, keyOf("alice"));
    // Discord bob is linked to the platform account "carol": invitations must use the linked username.
    await linkMember(world, world.members.bob.id, keyOf("carol"));
  });
  afterAll(async () => {
    await world.close();
  });

  it("creates a team owned by the member and shows its id", async () => {
    const reply = await team("create", world.members.alice.id, {
      name: "Night Owls",
      description: "We code late",
      public: false,
      "max-members": 4,
    });
    expect(reply.flags & ephemeral).toBe(ephemeral);
    expect(reply.embeds[0]?.title).toBe("Night Owls");
    const created = [...world.sandbox.state.teams.values()].find((item) => item.name === "Night Owls");
    teamId = created?.id ?? "";
    expect(created).toMatchObject({ description: "We code late", isPublic: false, maxMembers: 4 });
    expect(created?.ownerId).toBe(platformUser("alice")?.id);
    expect(reply.embeds[0]?.fields?.[0]).toEqual({ name: "Team id", value: `\`${teamId}\``, inline: true });
    expect(reply.content).toContain(`/team invite team:${teamId}`);
  });

  it("refuses a second team with the same name", async () => {
    const reply = await team("create", world.members.bob.id, { name: "night owls" });
    expect(reply.content).toMatch(/a team named \*\*night owls\*\* probably exists already/);
    // An earlier create that went unanswered may have made it: the member is told to look before renaming.
    expect(reply.content).toContain("If an earlier `/team create` of yours went unanswered, it may be yours");
    expect(reply.flags & ephemeral).toBe(ephemeral);
  });

  it("suggests the teams the member created here for team:, by name and id", async () => {
    const suggest = (userId: string, typed: string) =>
      world.discord
        .autocomplete({
          ...at(),
          userId,
          name: "team",
          subcommand: "invite",
          focused: { name: "team", value: typed },
        })
        .choices();
    expect(await suggest(world.members.alice.id, "owl")).toEqual([
      { name: `Night Owls · ${teamId}`, value: teamId },
    ]);
    expect(await suggest(world.members.alice.id, "zebra")).toEqual([]);
    // Bob created none (his attempt was refused).
    expect(await suggest(world.members.bob.id, "")).toEqual([]);
  });

  it("invites a Discord member under the platform username they linked, and tells them in the channel", async () => {
    const handle = runTeam("invite", world.members.alice.id, { team: teamId, member: world.members.bob.id });
    const reply = await handle.waitForFinal();
    expect(reply.content).toMatch(
      new RegExp(
        `^Invited <@${world.members.bob.id}> \\(platform user \\*\\*carol\\*\\*\\) to team \\*\\*Night Owls\\*\\* \\(\`${teamId}\`\\) as member\\.`,
      ),
    );
    expect(reply.mentionedUserIds).toEqual([]);
    // The public follow-up pings bob, and only bob.
    const notice = await handle.waitForFollowUp();
    expect(notice.flags & ephemeral).toBe(0);
    // Night Owls was made private: the channel is not told its name or id.
    expect(notice.content).toBe(
      `<@${world.members.bob.id}>, <@${world.members.alice.id}> invited you to their team as member. Accept the invitation on the platform to join.`,
    );
    expect(notice.mentionedUserIds).toEqual([world.members.bob.id]);
    const invitation = [...world.sandbox.state.invitations.values()].find((item) => item.teamId === teamId);
    expect(invitation).toMatchObject({
      inviteeId: platformUser("carol")?.id,
      role: "member",
      status: "pending",
    });
  });

  it("names a public team in the channel's notice of an invitation", async () => {
    const created = await team("create", world.members.alice.id, { name: "Day Owls" });
    const publicTeamId = /team:(team_\w+)/.exec(created.content)?.[1];
    expect(publicTeamId).toBeDefined();
    const handle = runTeam("invite", world.members.alice.id, {
      team: publicTeamId!,
      member: world.members.bob.id,
    });
    await handle.waitForFinal();
    expect((await handle.waitForFollowUp()).content).toBe(
      `<@${world.members.bob.id}>, <@${world.members.alice.id}> invited you to team **Day Owls** (\`${publicTeamId!}\`) as member. Accept the invitation on the platform to join.`,
    );
  });

  it("invites a platform username with a role", async () => {
    const handle = runTeam("invite", world.members.alice.id, {
      team: teamId,
      username: "dave",
      role: "admin",
    });
    const reply = await handle.waitForFinal();
    expect(reply.content).toMatch(/^Invited \*\*dave\*\* to team \*\*Night Owls\*\* \(`[^`]+`\) as admin\./);
    // No member of this server to tell: the answer stays the inviter's alone.
    expect(handle.followUps()).toEqual([]);
    const invitation = [...world.sandbox.state.invitations.values()].find(
      (item) => item.inviteeId === platformUser("dave")?.id,
    );
    expect(invitation?.role).toBe("admin");
  });

  it("invites to a team whose id was typed with spaces around it", async () => {
    const reply = await invite({ team: `  ${teamId} `, username: "erin" });
    expect(reply.content).toMatch(/^Invited \*\*erin\*\* to team \*\*Night Owls\*\*/);
    const invitation = [...world.sandbox.state.invitations.values()].find(
      (item) => item.inviteeId === platformUser("erin")?.id,
    );
    expect(invitation?.teamId).toBe(teamId);
  });

  it("tells the member of this server who linked a username invited as text", async () => {
    // Discord bob (platform carol) makes a team of his own and invites "alice" by username.
    const created = await team("create", world.members.bob.id, { name: "Early Birds" });
    expect(created.embeds[0]?.title).toBe("Early Birds");
    const handle = runTeam("invite", world.members.bob.id, {
      team: [...world.sandbox.state.teams.values()].find((item) => item.name === "Early Birds")?.id ?? "",
      username: "alice",
    });
    const reply = await handle.waitForFinal();
    expect(reply.content).toMatch(
      new RegExp(
        `^Invited <@${world.members.alice.id}> \\(platform user \\*\\*alice\\*\\*\\) to team \\*\\*Early Birds\\*\\*`,
      ),
    );
    const notice = await handle.waitForFollowUp();
    expect(notice.mentionedUserIds).toEqual([world.members.alice.id]);
  });

  it("names a linked member who has left the server by platform username only, and pings no one", async () => {
    const keyOf = (username: string) =>
      world.sandbox.keys.find((key) => key.username === username)?.key ?? "";
    const leaver = world.discord.createMember(world.guildId, { username: "leaver" });
    await linkMember(world, leaver.id, keyOf("dave"));
    world.discord.removeMember(world.guildId, leaver.id);
    await team("create", world.members.alice.id, { name: "Leavers" });
    const leavers = [...world.sandbox.state.teams.values()].find((item) => item.name === "Leavers")?.id ?? "";
    const handle = runTeam("invite", world.members.alice.id, { team: leavers, username: "dave" });
    const reply = await handle.waitForFinal();
    expect(reply.content).toMatch(/^Invited \*\*dave\*\* to team /);
    expect(reply.content).not.toContain(leaver.id);
    expect(reply.content).not.toContain("told them here");
    expect(handle.followUps()).toEqual([]);
  });

  it("names a member who has not linked an account", async () => {
    const reply = await invite({ team: teamId, member: stranger.id });
    expect(reply.content).toMatch(
      new RegExp(
        `^<@${stranger.id}> \\(\\*\\*stranger\\*\\*\\) hasn't linked a platform account in this server`,
      ),
    );
    expect(reply.flags & ephemeral).toBe(ephemeral);
  });

  it("wants exactly one of member and username", async () => {
    const both = await invite({ team: teamId, member: world.members.bob.id, username: "dave" });
    expect(both.content).toMatch(/not both/);
    const neither = await invite({ team: teamId });
    expect(neither.content).toMatch(/^Who should be invited\?/);
  });

  it("explains platform refusals: an unknown team, and someone already invited", async () => {
    const unknown = await invite({ team: "team_missing", username: "erin" });
    expect(unknown.content).toMatch(
      /^The platform has no team `team_missing`, or no user named \*\*erin\*\*\./,
    );
    expect(unknown.content).toMatch(/Request id: `req_/);
    const twice = await invite({ team: teamId, username: "dave" });
    expect(twice.content).toMatch(
      /^\*\*dave\*\* is already in this team or already invited, or the team is full\./,
    );
  });

  it("names a team id typed by hand as text, whatever it holds", async () => {
    const typed = "x` [Claim](https://evil.example/claim) @everyone `y";
    const unknown = await invite({ team: typed, username: "erin" });
    expect(unknown.content).toMatch(/^The platform has no team `x.*y`, or no user named \*\*erin\*\*\./);
    expectInert({ content: unknown.content });
  });

  it("prompts an unlinked member to link before creating a team", async () => {
    const reply = await team("create", stranger.id, { name: "Lone Wolves" });
    expect(reply.content).toMatch(/haven't linked/);
  });

  // Last: it shuts the platform down for the rest of this file.
  it("says the platform can't be reached when it is down", async () => {
    await world.sandbox.close();
    const reply = await team("create", world.members.alice.id, { name: "Offline" });
    expect(reply.content).toBe("The platform can't be reached right now. Please try again in a minute.");
  });
});
