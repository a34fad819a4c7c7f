import { describe, expect, it } from "vitest";
import { renderCreatedTeam } from "../../../src/commands/team/render-team.js";

describe("renderCreatedTeam", () => {
  it("shows the team with the id /team invite needs", () => {
    const reply = renderCreatedTeam({
      id: "team_1",
      name: "Night Owls",
      description: "We code late",
      owner: { id: "usr_1", username: "alice_" },
      members: 1,
      maxMembers: 5,
      isPublic: false,
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toContain("`/team invite team:team_1`");
    expect(reply.embeds?.[0]).toEqual({
      title: "Night Owls",
      description: "We code late",
      fields: [
        { name: "Team id", value: "`team_1`", inline: true },
        { name: "Members", value: "1/5", inline: true },
        { name: "Visibility", value: "Private", inline: true },
        { name: "Owner", value: "alice\\_", inline: true },
        { name: "Created", value: `<t:${Date.UTC(2026, 0, 1) / 1000}:R>`, inline: true },
      ],
    });
  });

  it("leaves out what the platform did not send", () => {
    const reply = renderCreatedTeam({
      id: "team_2",
      name: "Solo",
      description: "",
      owner: undefined,
      members: undefined,
      maxMembers: undefined,
      isPublic: undefined,
      createdAt: undefined,
    });
    expect(reply.embeds?.[0]).toEqual({
      title: "Solo",
      fields: [
        { name: "Team id", value: "`team_2`", inline: true },
        { name: "Members", value: "—", inline: true },
      ],
    });
  });
});
