import { REST } from "@discordjs/rest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  registerRoleConnectionMetadata,
  roleConnectionMetadata,
} from "../../src/discord/role-connection-metadata.js";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

describe("registerRoleConnectionMetadata", () => {
  let discord: FakeDiscord;
  let rest: REST;
  beforeAll(async () => {
    discord = await createFakeDiscord();
    rest = new REST({ api: discord.apiUrl }).setToken(discord.botToken);
  });
  afterAll(async () => {
    await discord.close();
  });

  it("keeps within Discord's limits: at most 5 records, keys a-z0-9_, names and descriptions sized", () => {
    expect(roleConnectionMetadata.length).toBeLessThanOrEqual(5);
    for (const record of roleConnectionMetadata) {
      expect(record.key).toMatch(/^[a-z0-9_]{1,50}$/);
      expect(record.name.length).toBeGreaterThan(0);
      expect(record.name.length).toBeLessThanOrEqual(100);
      expect(record.description.length).toBeGreaterThan(0);
      expect(record.description.length).toBeLessThanOrEqual(200);
    }
    expect(new Set(roleConnectionMetadata.map((record) => record.key)).size).toBe(
      roleConnectionMetadata.length,
    );
  });

  it("registers the records with the fake (which holds them to the spec), then skips when unchanged", async () => {
    expect(await registerRoleConnectionMetadata(rest, discord.applicationId)).toEqual({
      status: "updated",
      count: roleConnectionMetadata.length,
    });
    expect(discord.oauth2.roleConnectionMetadata().map((record) => [record.key, record.type])).toEqual([
      ["rating", 2],
      ["battles_won", 2],
      ["tier_rank", 2],
      ["member_since", 6],
    ]);
    expect(await registerRoleConnectionMetadata(rest, discord.applicationId)).toEqual({
      status: "unchanged",
    });
  });

  it("registers again when a record's description changes", async () => {
    const changed = roleConnectionMetadata.map((record) =>
      record.key === "rating" ? { ...record, description: "Rating at least" } : record,
    );
    expect((await registerRoleConnectionMetadata(rest, discord.applicationId, changed)).status).toBe(
      "updated",
    );
    expect(
      discord.oauth2.roleConnectionMetadata().find((record) => record.key === "rating")?.description,
    ).toBe("Rating at least");
  });
});
