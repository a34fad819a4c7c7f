import { describe, expect, it } from "vitest";
import { createTeam, inviteToTeam } from "../../src/api/teams.js";
import { createFixtureClient, credential, usePlatformFixture } from "./platform-fixture.js";

const fixture = usePlatformFixture();

describe("createTeam", () => {
  it("posts the team fields and returns the created team", async () => {
    const { http } = createFixtureClient(fixture);
    const team = await createTeam(http, credential, {
      name: "Algorithm Masters",
      description: "Weekly practice",
      isPublic: true,
      maxMembers: 5,
    });
    expect(fixture.requests[0]?.body).toEqual({
      name: "Algorithm Masters",
      description: "Weekly practice",
      isPublic: true,
      maxMembers: 5,
    });
    expect(team).toEqual({
      id: "team_algo",
      name: "Algorithm Masters",
      description: "Weekly practice",
      owner: { id: "user_alice", username: "alice" },
      members: 1,
      maxMembers: 5,
      isPublic: true,
      createdAt: "2024-01-15T10:30:00Z",
    });
  });
});

describe("inviteToTeam", () => {
  it("invites by username and returns the pending invitation", async () => {
    const { http } = createFixtureClient(fixture);
    const { success, invitation } = await inviteToTeam(http, credential, "team_algo", {
      username: "bob",
      role: "member",
    });
    expect(success).toBe(true);
    expect(fixture.requests[0]?.path).toBe("/v1/teams/team_algo/invite");
    expect(fixture.requests[0]?.body).toEqual({ username: "bob", role: "member" });
    expect(invitation).toEqual({
      id: "inv_1",
      teamId: "team_algo",
      inviteeId: "user_bob",
      role: "member",
      status: "pending",
      sentAt: "2024-01-15T10:35:00Z",
    });
  });
});
