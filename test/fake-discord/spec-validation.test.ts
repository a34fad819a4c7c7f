import { Routes } from "discord.js";
import { describe, expect, it } from "vitest";
import { useChannelPerTest } from "./channel-per-test.js";
import { failureOf } from "./failure-of.js";
import {
  isSpecRoute,
  normalizeRoutePath,
  oauth2Routes,
  specBodyRoutes,
} from "../../fake-discord/validation/spec-bodies.js";

describe("request bodies held to Discord's OpenAPI spec", () => {
  const world = useChannelPerTest("battles");

  it("refuses a 300-character embed title with 50035 and the spec's limit at its path", async () => {
    const error = await failureOf(
      world.rest.post(Routes.channelMessages(world.channelId), {
        body: { embeds: [{ title: "t".repeat(300) }] },
      }),
    );
    expect([error.status, error.rawError]).toEqual([
      400,
      {
        code: 50035,
        message: "Invalid Form Body",
        errors: {
          embeds: {
            0: {
              title: {
                _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 256 or fewer in length." }],
              },
            },
          },
        },
      },
    ]);
    expect(world.fake.messages(world.channelId)).toEqual([]);
  });

  it("refuses an embed field, footer or author whose text is empty or whitespace alone, as Discord does", async () => {
    const required = { _errors: [{ code: "BASE_TYPE_REQUIRED", message: "This field is required" }] };
    const error = await failureOf(
      world.rest.post(Routes.channelMessages(world.channelId), {
        body: {
          embeds: [
            {
              title: "Results",
              fields: [{ name: " ", value: "\n\t" }],
              footer: { text: "" },
              author: { name: "  ", url: "https://example.com" },
            },
          ],
        },
      }),
    );
    expect([error.status, (error.rawError as { code: number }).code]).toEqual([400, 50035]);
    expect((error.rawError as { errors: unknown }).errors).toEqual({
      embeds: {
        0: {
          fields: { 0: { name: required, value: required } },
          footer: { text: required },
          author: { name: required },
        },
      },
    });
    expect(world.fake.messages(world.channelId)).toEqual([]);

    // A zero-width space is not whitespace: the way a bot shows a blank field.
    await world.rest.post(Routes.channelMessages(world.channelId), {
      body: {
        embeds: [{ title: "Results", fields: [{ name: "\u200b", value: "ok" }], footer: { text: "a" } }],
      },
    });
    expect(world.fake.messages(world.channelId)).toHaveLength(1);
  });

  it("refuses an unknown component type, naming the types the spec allows there", async () => {
    const body = { content: "pick", components: [{ type: 1, components: [{ type: 99, custom_id: "x" }] }] };
    const error = await failureOf(world.rest.post(Routes.channelMessages(world.channelId), { body }));
    expect([error.status, error.code]).toEqual([400, 50035]);
    expect(error.rawError).toMatchObject({
      errors: {
        components: {
          0: {
            components: {
              0: {
                type: {
                  _errors: [
                    {
                      code: "UNION_TYPE_CHOICES",
                      message: 'Value of field "type" must be one of (2, 8, 7, 6, 3, 5).',
                    },
                  ],
                },
              },
            },
          },
        },
      },
    });
  });

  it("refuses a multipart body whose payload_json breaks the spec", async () => {
    const error = await failureOf(
      world.rest.post(Routes.channelMessages(world.channelId), {
        body: { content: "chart", embeds: [{ color: -1 }], attachments: [{ id: 0 }] },
        files: [{ name: "chart.png", data: Buffer.from("png"), contentType: "image/png" }],
      }),
    );
    expect(error.rawError).toMatchObject({
      code: 50035,
      errors: {
        embeds: {
          0: {
            color: {
              _errors: [
                { code: "NUMBER_TYPE_MIN", message: "int value should be greater than or equal to 0." },
              ],
            },
          },
        },
      },
    });
  });

  it.each([
    [
      "an empty embed field name",
      { embeds: [{ fields: [{ name: "", value: "v" }] }] },
      ["embeds", "0", "fields", "0", "name"],
    ],
    [
      "a link button without its url",
      { components: [{ type: 1, components: [{ type: 2, style: 5, label: "Go" }] }] },
      ["components", "0", "components", "0", "url"],
    ],
    [
      "a select beside a button",
      {
        components: [
          {
            type: 1,
            components: [
              { type: 2, style: 1, label: "b", custom_id: "b" },
              { type: 3, custom_id: "s", options: [{ label: "l", value: "v" }] },
            ],
          },
        ],
      },
      ["components", "0", "components"],
    ],
  ])("still refuses what the spec cannot say: %s", async (_case, body, path) => {
    const error = await failureOf(world.rest.post(Routes.channelMessages(world.channelId), { body }));
    expect([error.status, error.code]).toEqual([400, 50035]);
    expect(error.rawError).toHaveProperty(["errors", ...path, "_errors"]);
  });

  it("takes permission bit sets as strings of digits, as Discord documents them", async () => {
    const rolesGuildId = world.fake.createGuild({ name: "Roles" }).id;
    world.fake.roles.grantBot(rolesGuildId, ["ManageRoles"]);
    const role = (await world.rest.post(Routes.guildRoles(rolesGuildId), {
      body: { name: "Gold", permissions: "0" },
    })) as {
      permissions: string;
    };
    expect(role.permissions).toBe("0");
    const command = { name: "setup", description: "Set up", default_member_permissions: "32" };
    await world.rest.put(Routes.applicationCommands(world.fake.applicationId), { body: [command] });
    expect(world.fake.commands().map((registered) => registered.default_member_permissions)).toEqual(["32"]);
  });

  it("holds every body it takes to a schema of the spec", () => {
    // The routes that take no body: a role given or taken, a message deleted, a command or event removed.
    const bodiless = world.fake.apiRoutes.filter(
      (route) =>
        oauth2Routes.includes(route) ||
        /^(PUT \/guilds\/:guildId\/members\/:userId\/roles|DELETE |GET )/.test(route),
    );
    const unchecked = world.fake.apiRoutes.filter(
      (route) =>
        !bodiless.includes(route) &&
        !specBodyRoutes.some((specRoute) => normalizeRoutePath(specRoute) === normalizeRoutePath(route)),
    );
    expect(unchecked).toEqual([]);
  });

  it("serves only routes that Discord's OpenAPI spec has", () => {
    expect(world.fake.apiRoutes.length).toBeGreaterThan(20);
    expect(isSpecRoute("POST", "/channels/:channelId/shouts")).toBe(false);
    // Only the OAuth2 endpoints, which Discord documents outside the spec.
    expect(
      world.fake.apiRoutes.filter((route) => !isSpecRoute(...(route.split(" ") as [string, string]))),
    ).toEqual(oauth2Routes);
  });
});
