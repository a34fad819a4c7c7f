import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "./support/sandbox.js";

let test: TestSandbox;
beforeEach(async () => {
  test = await startTestSandbox();
});
afterEach(async () => {
  await test.close();
});

describe("users", () => {
  it("answers GET /v1/users/me with exactly the User fields and the profile fields, unset as null", async () => {
    const response = await test.call("GET", "/v1/users/me", { key: test.key("alice") });
    expect(response.body).toEqual({
      id: expect.stringMatching(/^usr_/),
      username: "alice",
      email: "alice@sandbox.example",
      rating: 2350,
      tier: "grandmaster",
      joinedAt: expect.any(String),
      displayName: null,
      bio: null,
      location: null,
      website: null,
    });
  });

  it("answers GET /v1/users/me with the profile PUT saved, an empty string clearing a field", async () => {
    const key = test.key("bob");
    const saved = {
      displayName: "Bobby",
      bio: "Line one\nLine two",
      location: "Oslo",
      website: "https://bob.example",
    };
    await test.call("PUT", "/v1/users/me", { key, body: saved });
    expect((await test.call("GET", "/v1/users/me", { key })).body).toMatchObject(saved);
    const cleared = await test.call("PUT", "/v1/users/me", { key, body: { displayName: "", website: "" } });
    expect(cleared.body.user).toMatchObject({ displayName: null, bio: "Line one\nLine two" });
    expect((await test.call("GET", "/v1/users/me", { key })).body).toMatchObject({
      displayName: null,
      bio: "Line one\nLine two",
      location: "Oslo",
      website: null,
    });
    const events = await test.call("GET", "/sandbox/events?kind=user.profile_updated");
    // The log is oldest first: the clearing is the second update.
    expect(events.body.events[1].data).toMatchObject({
      changed_fields: ["displayName", "website"],
      profile: { display_name: null, location: "Oslo", website: null },
    });
  });

  it("updates the profile and announces user.profile_updated", async () => {
    const response = await test.call("PUT", "/v1/users/me", {
      key: test.key("bob"),
      body: {
        displayName: "Bobby",
        bio: "Competitive coder",
        location: "Oslo",
        website: "https://bob.example",
      },
    });
    expect(response.body).toEqual({
      success: true,
      user: { id: expect.any(String), username: "bob", displayName: "Bobby", bio: "Competitive coder" },
    });
    const events = await test.call("GET", "/sandbox/events?kind=user.profile_updated");
    expect(events.body.events[0].data).toMatchObject({
      object: "user",
      changed_fields: ["displayName", "bio", "location", "website"],
      profile: { display_name: "Bobby", location: "Oslo" },
    });
  });

  it("refuses a website that is not a URL, naming website", async () => {
    const response = await test.call("PUT", "/v1/users/me", {
      key: test.key("bob"),
      body: { website: "not a url" },
    });
    expect(response.body.error.details).toEqual({ field: "website", value: "not a url" });
  });

  it("computes stats over the timeframe from completed battles", async () => {
    const created = await test.call("POST", "/v1/battles", {
      key: test.key("bob"),
      body: { type: "practice", difficulty: "easy", language: "python", participants: 2 },
    });
    const id = created.body.id;
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("bob") });
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("carol") });
    test.clock.advance(120_000);
    await test.call("POST", `/v1/battles/${id}/submit`, {
      key: test.key("bob"),
      body: { language: "python", code: "PASS" },
    });
    await test.call("POST", `/v1/battles/${id}/submit`, {
      key: test.key("carol"),
      body: { language: "python", code: "" },
    });

    const stats = await test.call("GET", "/v1/users/me/stats?timeframe=1d", { key: test.key("bob") });
    expect(stats.body).toEqual({
      totalBattles: 1,
      wins: 1,
      losses: 0,
      winRate: 1,
      averageTime: 120,
      rating: 1858,
      ratingChange: "+8",
    });
    const carol = await test.call("GET", "/v1/users/me/stats?timeframe=1d", { key: test.key("carol") });
    expect(carol.body).toMatchObject({ totalBattles: 1, wins: 0, losses: 1, winRate: 0, ratingChange: "-8" });
    const bad = await test.call("GET", "/v1/users/me/stats?timeframe=week", { key: test.key("bob") });
    expect(bad.body.error.details).toEqual({ field: "timeframe", value: "week" });
  });
});

describe("teams", () => {
  it("creates a team, announced as team.created, and refuses a duplicate name", async () => {
    const response = await test.call("POST", "/v1/teams", {
      key: test.key("bob"),
      body: { name: "Byte Club", description: "We code", isPublic: true, maxMembers: 3 },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^team_/),
      name: "Byte Club",
      description: "We code",
      owner: { id: expect.any(String), username: "bob" },
      members: 1,
      maxMembers: 3,
      isPublic: true,
      createdAt: "2026-01-01T12:00:00.000Z",
    });
    const duplicate = await test.call("POST", "/v1/teams", {
      key: test.key("carol"),
      body: { name: "byte club" },
    });
    expect(duplicate.status).toBe(409);
    const events = await test.call("GET", "/sandbox/events?kind=team.created");
    expect(events.body.events[0].data).toMatchObject({ object: "team", name: "Byte Club", members: 1 });
  });

  it("invites a member, who joins on acceptance (team.member_joined)", async () => {
    const team = (
      await test.call("POST", "/v1/teams", { key: test.key("bob"), body: { name: "Stack Smashers" } })
    ).body;
    const invite = await test.call("POST", `/v1/teams/${team.id}/invite`, {
      key: test.key("bob"),
      body: { username: "dave", role: "member" },
    });
    expect(invite.body).toEqual({
      success: true,
      invitation: {
        id: expect.stringMatching(/^inv_/),
        teamId: team.id,
        inviteeId: expect.any(String),
        role: "member",
        status: "pending",
        sentAt: "2026-01-01T12:00:00.000Z",
      },
    });
    const twice = await test.call("POST", `/v1/teams/${team.id}/invite`, {
      key: test.key("bob"),
      body: { username: "dave" },
    });
    expect(twice.status).toBe(409);

    await test.call("POST", `/sandbox/invitations/${invite.body.invitation.id}/accept`);
    const events = await test.call("GET", "/sandbox/events?kind=team.member_joined");
    expect(events.body.events[0].data).toMatchObject({
      object: "team",
      id: team.id,
      user: { username: "dave" },
      role: "member",
      members: 2,
    });
  });

  it("lets only the owner or team admins invite, and 404s an unknown username", async () => {
    const team = (
      await test.call("POST", "/v1/teams", { key: test.key("bob"), body: { name: "Null Pointers" } })
    ).body;
    const outsider = await test.call("POST", `/v1/teams/${team.id}/invite`, {
      key: test.key("carol"),
      body: { username: "dave" },
    });
    expect(outsider.status).toBe(403);
    const unknown = await test.call("POST", `/v1/teams/${team.id}/invite`, {
      key: test.key("bob"),
      body: { username: "nobody" },
    });
    expect(unknown.status).toBe(404);
  });
});
