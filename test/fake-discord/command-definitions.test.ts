// Command definitions held to Discord's rules on options, which the OpenAPI spec cannot say (docs:
// Application Commands): a bulk overwrite breaking one is refused whole, with 50035 at the option, and the
// bot's own commands keep every rule.
import { REST } from "@discordjs/rest";
import { Routes } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { commandData } from "../../src/commands/command-data.js";
import { failureOf } from "./failure-of.js";

const text = (name: string, required = false) => ({ type: 3, name, description: name, required });

describe("command definitions on the fake Discord", () => {
  let fake: FakeDiscord;
  let rest: REST;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
  });
  afterAll(async () => {
    await fake.close();
  });

  it.each([
    [
      "a required option after an optional one",
      { options: [text("first"), text("second", true)] },
      ["0", "options", "1", "required"],
      "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    ],
    [
      "two options of one name",
      { options: [text("name"), text("name")] },
      ["0", "options", "1", "name"],
      "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
    ],
    [
      "a subcommand beside a plain option",
      { options: [{ type: 1, name: "list", description: "List" }, text("filter")] },
      ["0", "options"],
      "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    ],
    [
      "autocomplete on an option with choices",
      { options: [{ ...text("kind"), autocomplete: true, choices: [{ name: "A", value: "a" }] }] },
      ["0", "options", "0", "autocomplete"],
      "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
    ],
    [
      "a required option after an optional one inside a subcommand",
      { options: [{ type: 1, name: "set", description: "Set", options: [text("a"), text("b", true)] }] },
      ["0", "options", "0", "options", "1", "required"],
      "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    ],
    [
      "more than 8,000 characters of text",
      {
        options: Array.from({ length: 25 }, (_, index) => ({
          ...text(`option${String(index)}`),
          description: "d".repeat(100),
          choices: Array.from({ length: 25 }, (_, choice) => ({
            name: `c${String(choice)}`,
            value: `v${String(choice)}`.padEnd(20, "x"),
          })),
        })),
      },
      ["0"],
      "APPLICATION_COMMAND_TOO_LARGE",
    ],
  ])("refuses %s, and registers nothing", async (_case, shape, path, code) => {
    const before = fake.commands().length;
    const command = { name: "broken", description: "Broken", ...shape };
    const error = await failureOf(
      rest.put(Routes.applicationCommands(fake.applicationId), { body: [command] }),
    );
    expect([error.status, error.code]).toEqual([400, 50035]);
    let node: unknown = error.rawError;
    for (const segment of ["errors", ...path]) node = (node as Record<string, unknown>)[segment];
    expect((node as { _errors: { code: string }[] })._errors.map((each) => each.code)).toEqual([code]);
    expect(fake.commands()).toHaveLength(before);
  });

  it("takes the bot's own commands, which keep every rule", async () => {
    await rest.put(Routes.applicationCommands(fake.applicationId), { body: commandData });
    expect(
      fake
        .commands()
        .map((command) => command.name)
        .sort(),
    ).toEqual(commandData.map((command) => command.name).sort());
  });
});
