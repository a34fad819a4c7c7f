import { PermissionFlagsBits } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { describePermissions } from "../../src/discord/permission-names.js";

describe("describePermissions", () => {
  it("names Manage Server as a server's settings do, not by its bit", () => {
    expect(describePermissions(PermissionFlagsBits.ManageGuild)).toBe("the Manage Server permission");
  });

  it("lists several permissions in words, each once", () => {
    const bits =
      PermissionFlagsBits.ManageGuild |
      PermissionFlagsBits.ManageRoles |
      PermissionFlagsBits.ManageGuildExpressions;
    expect(describePermissions(bits)).toBe(
      "the Manage Server, Manage Roles and Manage Expressions permissions",
    );
  });

  it("reads no bits (administrators only) as the Administrator permission", () => {
    expect(describePermissions(0n)).toBe("the Administrator permission");
  });
});
