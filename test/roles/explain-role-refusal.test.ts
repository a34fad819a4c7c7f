import { PermissionFlagsBits } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { describeRoleRefusal, explainRoleRefusal } from "../../src/roles/explain-role-refusal.js";

const guildId = "g";
const role = (id: string, position: number, permissions = 0n) => ({
  id,
  name: id,
  position,
  permissions: permissions.toString(),
  managed: false,
  mentionable: false,
});

describe("explaining a refused role change", () => {
  it("names the permission to grant when the bot lacks Manage Roles", () => {
    const refusal = explainRoleRefusal(
      { guildId, roles: [role(guildId, 0), role("bot", 3), role("r-master", 1)], botRoleIds: ["bot"] },
      ["r-master"],
    );
    expect(refusal).toEqual({ kind: "missing-manage-roles", botRoleId: "bot" });
    expect(describeRoleRefusal(refusal, "403")).toContain("give my role <@&bot> Manage Roles");
  });

  it("names every tier role sitting at or above the bot's highest role", () => {
    const hierarchy = {
      guildId,
      roles: [
        role(guildId, 0),
        role("r-gold", 1),
        role("bot", 2, PermissionFlagsBits.ManageRoles),
        role("r-master", 3),
        role("r-grandmaster", 4),
      ],
      botRoleIds: ["bot"],
    };
    const refusal = explainRoleRefusal(hierarchy, ["r-gold", "r-master", "r-grandmaster"]);
    expect(refusal).toEqual({
      kind: "roles-above-bot",
      botRoleId: "bot",
      roleIds: ["r-grandmaster", "r-master"],
    });
    expect(describeRoleRefusal(refusal, "403")).toContain(
      "drag my role <@&bot> above <@&r-grandmaster>, <@&r-master>",
    );
  });

  it("counts Administrator, and @everyone's permissions, as Manage Roles", () => {
    const administrator = explainRoleRefusal(
      {
        guildId,
        roles: [role(guildId, 0, PermissionFlagsBits.Administrator), role("bot", 3), role("r-gold", 1)],
        botRoleIds: ["bot"],
      },
      ["r-gold"],
    );
    expect(administrator).toEqual({ kind: "unexplained" });
  });
});
