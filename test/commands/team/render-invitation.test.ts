import { describe, expect, it } from "vitest";
import {
  renderInvitation,
  renderInvitationNotice,
  type SentInvitation,
} from "../../../src/commands/team/render-invitation.js";

const invitation = {
  id: "inv_1",
  teamId: "team_1",
  inviteeId: "usr_2",
  role: "member",
  status: "pending",
  sentAt: "2026-01-01T00:00:00.000Z",
};

const toMember: SentInvitation = {
  invitation,
  invitee: { username: "bob", memberId: "123" },
  teamName: undefined,
  inviterId: "456",
};

describe("renderInvitation", () => {
  it("names a Discord member with their platform username, without pinging them", () => {
    const reply = renderInvitation(toMember);
    expect(reply.content).toBe(
      "Invited <@123> (platform user **bob**) to team `team_1` as member. They join once they accept it on the platform. I've told them here.\n" +
        `-# Invitation \`inv_1\` · pending · sent <t:${Date.UTC(2026, 0, 1) / 1000}:R>`,
    );
    expect(reply.allowed_mentions).toBeUndefined();
    expect(reply.ephemeral).toBe(true);
  });

  it("names a typed username alone", () => {
    const reply = renderInvitation({
      ...toMember,
      invitation: { ...invitation, role: undefined, sentAt: undefined },
      invitee: { username: "carol_x", memberId: undefined },
    });
    expect(reply.content).toMatch(/^Invited \*\*carol\\_x\*\* to team `team_1`\. /);
    expect(reply.content).toMatch(/-# Invitation `inv_1` · pending$/);
  });

  it("names the team by the name it was created with, as inert text, beside its id", () => {
    const reply = renderInvitation({ ...toMember, teamName: "**Owls** @everyone" });
    expect(reply.content).toContain("to team **\\*\\*Owls\\*\\* @\u200beveryone** (`team_1`) as member.");
  });
});

describe("renderInvitationNotice", () => {
  it("tells an invited member of this server publicly, pinging exactly them", () => {
    const notice = renderInvitationNotice({ ...toMember, teamName: "Owls", teamIsPublic: true });
    expect(notice?.content).toBe(
      "<@123>, <@456> invited you to team **Owls** (`team_1`) as member. Accept the invitation on the platform to join.",
    );
    expect(notice?.allowed_mentions).toEqual({ parse: [], users: ["123"] });
    expect(notice?.ephemeral).toBeUndefined();
  });

  it("names a team created here as private to no one in the channel, and one of unknown visibility by its id", () => {
    const notice = renderInvitationNotice({ ...toMember, teamName: "Owls", teamIsPublic: false });
    expect(notice?.content).toBe(
      "<@123>, <@456> invited you to their team as member. Accept the invitation on the platform to join.",
    );
    // The inviter's own answer, which only they see, still names it.
    expect(renderInvitation({ ...toMember, teamName: "Owls", teamIsPublic: false }).content).toContain(
      "to team **Owls** (`team_1`)",
    );
    // Recorded before visibility was: its name stays out of the channel, as it may be private.
    expect(renderInvitationNotice({ ...toMember, teamName: "Owls", teamIsPublic: undefined })?.content).toBe(
      "<@123>, <@456> invited you to team `team_1` as member. Accept the invitation on the platform to join.",
    );
  });

  it("is not sent for a platform username with no member here", () => {
    expect(
      renderInvitationNotice({ ...toMember, invitee: { username: "bob", memberId: undefined } }),
    ).toBeUndefined();
  });
});
