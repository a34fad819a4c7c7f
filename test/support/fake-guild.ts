// Per test: a fake Discord (on the test's clock when given), one server where the bot holds the permissions a
// test needs, and a REST client with the bot's token; all closed after the test.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach } from "vitest";
import {
  createFakeDiscord,
  type FakeDiscord,
  type FakeGuild,
  type PermissionName,
} from "../../fake-discord/index.js";

export interface FakeGuildWorld {
  readonly fake: FakeDiscord;
  readonly guild: FakeGuild;
  readonly rest: REST;
}

export function useFakeGuild(options: {
  readonly permissions: readonly PermissionName[];
  readonly clock?: { now(): number };
}): FakeGuildWorld {
  const world = {} as { fake: FakeDiscord; guild: FakeGuild; rest: REST };
  beforeEach(async () => {
    world.fake = await createFakeDiscord(options.clock === undefined ? {} : { clock: options.clock });
    world.guild = world.fake.createGuild({ name: "Arena" });
    world.fake.roles.grantBot(world.guild.id, options.permissions);
    world.rest = new REST({ api: world.fake.apiUrl }).setToken(world.fake.botToken);
  });
  afterEach(async () => {
    world.rest.clearHashSweeper();
    world.rest.clearHandlerSweeper();
    await world.fake.close();
  });
  return world;
}
