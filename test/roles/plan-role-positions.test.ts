import { describe, expect, it } from "vitest";
import { planRolePositions } from "../../src/roles/plan-role-positions.js";

const guildId = "1";

describe("placing tier roles", () => {
  it("puts the tier roles just below the bot's top role, highest tier first, others below them", () => {
    const roles = [
      { id: guildId, position: 0 },
      { id: "11", position: 1 },
      { id: "12", position: 2 },
      { id: "13", position: 3 },
      { id: "14", position: 4 },
      { id: "15", position: 5 },
    ];
    // 11 gold, 12 master, 13 a member role, 14 the bot's role, 15 an admin role.
    expect(
      planRolePositions({
        guildId,
        roles,
        botTopRole: { id: "14", position: 4 },
        tierRoleIdsHighestFirst: ["12", "11"],
      }),
    ).toEqual([
      { id: "13", position: 1 },
      { id: "11", position: 2 },
      { id: "12", position: 3 },
    ]);
  });

  it("asks for nothing when the order is already right, counting an older role higher at an equal position", () => {
    const roles = [
      { id: guildId, position: 0 },
      { id: "10", position: 1 },
      { id: "20", position: 1 },
      { id: "30", position: 1 },
      { id: "40", position: 9 },
    ];
    // The bot's role 10 and the tier roles 20 (master) and 30 (gold) share position 1; 40 sits above the bot.
    expect(
      planRolePositions({
        guildId,
        roles,
        botTopRole: { id: "10", position: 1 },
        tierRoleIdsHighestFirst: ["40", "20", "30"],
      }),
    ).toEqual([]);
    // In the wrong order, they cannot be renumbered beneath a bot whose role is at position 1.
    expect(
      planRolePositions({
        guildId,
        roles,
        botTopRole: { id: "10", position: 1 },
        tierRoleIdsHighestFirst: ["30", "20"],
      }),
    ).toBeUndefined();
  });
});
