// Contract: the team functions of src/api against the sandbox (the platform's API reference,
// "Endpoints › Teams").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTeam, inviteToTeam } from "../../src/api/index.js";
import { startContractSandbox, toIso, type ContractWorld } from "./support/contract-sandbox.js";

let world: ContractWorld;

beforeAll(async () => {
  world = await startContractSandbox();
});
afterAll(async () => {
  await world.close();
});

describe("teams", () => {
  it("creates a team owned by the caller and invites a member by username", async () => {
    const carol = world.credential("carol", "write");
    const team = await createTeam(world.http, carol, {
      name: "Segfault Squad",
      description: "We debug in production",
      isPublic: false,
      maxMembers: 4,
    });

    const stored = world.sandbox.state.teams.get(team.id);
    const carolId = world.user("carol").id;
    expect(stored).toMatchObject({
      name: "Segfault Squad",
      description: "We debug in production",
      isPublic: false,
      maxMembers: 4,
      ownerId: carolId,
    });
    expect(team).toEqual({
      id: stored?.id,
      name: "Segfault Squad",
      description: "We debug in production",
      owner: { id: carolId, username: "carol" },
      members: 1,
      maxMembers: 4,
      isPublic: false,
      createdAt: toIso(stored!.createdAt),
    });

    world.clock.advance(60_000);
    const { invitation } = await inviteToTeam(world.http, carol, team.id, {
      username: "erin",
      role: "member",
    });
    const storedInvitation = world.sandbox.state.invitations.get(invitation.id);
    expect(storedInvitation).toMatchObject({
      teamId: team.id,
      inviteeId: world.user("erin").id,
      inviterId: carolId,
      role: "member",
      status: "pending",
    });
    expect(invitation).toEqual({
      id: storedInvitation?.id,
      teamId: team.id,
      inviteeId: world.user("erin").id,
      role: "member",
      status: "pending",
      sentAt: toIso(world.clock.now()),
    });
  });

  it("creates a team with only a name, taking the platform's defaults", async () => {
    const team = await createTeam(world.http, world.credential("dave", "write"), { name: "Solo Act" });
    const stored = world.sandbox.state.teams.get(team.id);
    expect(team).toMatchObject({
      name: "Solo Act",
      description: stored?.description,
      isPublic: stored?.isPublic,
      maxMembers: stored?.maxMembers,
      members: 1,
    });
  });
});
