import { describe, expect, it } from "vitest";
import { planRolePositions } from "../../src/roles/plan-role-positions.js";

const guildId = "g";

describe("placing tier roles", () => {
  it("puts the tier roles just below the bot's top role, highest tier first, others below them", () => {
    const roles = [
      { id: guildId, position: 0 },
      { id: "r-gold", position: 1 },
      { id: "r-master", position: 2 },
      { id: "r-member", position: 3 },
      { id: "bot", position: 4 },
      { id: "admin", position: 5 },
    ];
    expect(
      planRolePositions({
        guildId,
        roles,
        botTopPosition: 4,
        tierRoleIdsHighestFirst: ["r-master", "r-gold"],
      }),
    ).toEqual([
      { id: "r-master", position: 3 },
      { id: "r-gold", position: 2 },
      { id: "r-member", position: 1 },
    ]);
  });

  it("asks for nothing when the order is already right, and never moves roles above the bot", () => {
    const roles = [
      { id: guildId, position: 0 },
      { id: "r-member", position: 1 },
      { id: "r-gold", position: 3 },
      { id: "r-master", position: 6 },
      { id: "bot", position: 7 },
      { id: "r-diamond", position: 9 },
    ];
    expect(
      planRolePositions({
        guildId,
        roles,
        botTopPosition: 7,
        tierRoleIdsHighestFirst: ["r-diamond", "r-master", "r-gold"],
      }),
    ).toEqual([]);
  });
});
