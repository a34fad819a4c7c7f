import { describe, expect, it } from "vitest";
import { renderInvitation } from "../../../src/commands/team/render-invitation.js";

const invitation = {
  id: "inv_1",
  teamId: "team_1",
  inviteeId: "usr_2",
  role: "member",
  status: "pending",
  sentAt: "2026-01-01T00:00:00.000Z",
};

describe("renderInvitation", () => {
  it("names a Discord member with their platform username, without pinging them", () => {
    const reply = renderInvitation(invitation, { username: "bob", memberId: "123" });
    expect(reply.content).toBe(
      "Invited <@123> (platform user **bob**) to team `team_1` as member. They join once they accept it on the platform.\n" +
        `-# Invitation \`inv_1\` · pending · sent <t:${Date.UTC(2026, 0, 1) / 1000}:R>`,
    );
    expect(reply.allowed_mentions).toBeUndefined();
    expect(reply.ephemeral).toBe(true);
  });

  it("names a typed username alone", () => {
    const reply = renderInvitation(
      { ...invitation, role: undefined, sentAt: undefined },
      {
        username: "carol_x",
        memberId: undefined,
      },
    );
    expect(reply.content).toMatch(/^Invited \*\*carol\\_x\*\* to team `team_1`\. /);
    expect(reply.content).toMatch(/-# Invitation `inv_1` · pending$/);
  });
});
