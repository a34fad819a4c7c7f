// Per test: a fake Discord (on the test's clock when given), one server where the bot holds the permissions a
// test needs, and a REST client with the bot's token; all closed after the test.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach } from "vitest";
import {
  createFakeDiscord,
  type FakeDiscord,
  type FakeDiscordOptions,
  type FakeGuild,
  type PermissionName,
} from "../../fake-discord/index.js";

export interface FakeGuildWorld {
  readonly fake: FakeDiscord;
  readonly guild: FakeGuild;
  readonly rest: REST;
  /** Another client with the bot's token, as a second instance has; closed after the test too. */
  newClient(): REST;
}

export function useFakeGuild(options: {
  readonly permissions: readonly PermissionName[];
  readonly clock?: { now(): number };
  /** Discord's buckets the fake keeps, other than its defaults. */
  readonly routeLimits?: FakeDiscordOptions["routeLimits"];
}): FakeGuildWorld {
  const clients: REST[] = [];
  const world = {
    newClient(): REST {
      const rest = new REST({ api: world.fake.apiUrl }).setToken(world.fake.botToken);
      clients.push(rest);
      return rest;
    },
  } as { fake: FakeDiscord; guild: FakeGuild; rest: REST; newClient(): REST };
  beforeEach(async () => {
    world.fake = await createFakeDiscord({
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.routeLimits === undefined ? {} : { routeLimits: options.routeLimits }),
    });
    world.guild = world.fake.createGuild({ name: "Arena" });
    world.fake.roles.grantBot(world.guild.id, options.permissions);
    world.rest = world.newClient();
  });
  afterEach(async () => {
    for (const rest of clients.splice(0)) {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    }
    await world.fake.close();
  });
  return world;
}
