// `/battle` as members run it in the world's main channel: the interaction's handle (for its form or its final
// answer), and the choices its autocomplete offers.
import type { CommandOptionValue, FakeUser } from "../../../fake-discord/index.js";
import type { EndToEnd } from "../harness.js";

type Options = Record<string, CommandOptionValue>;

export function battleCommands(world: () => EndToEnd) {
  const asMember = (user: FakeUser) => ({
    guildId: world().guildId,
    channelId: world().channelId,
    userId: user.id,
    name: "battle",
  });
  return {
    /** `/battle <subcommand>` as `user`. */
    battle: (user: FakeUser, subcommand: string, options: Options = {}) =>
      world().discord.runCommand({ ...asMember(user), subcommand, options }),
    /** The choices offered to `user` typing into `focused` of `/battle <subcommand>`. */
    autocomplete: (
      user: FakeUser,
      subcommand: string,
      focused: { name: string; value: string },
      options: Options = {},
    ) =>
      world()
        .discord.autocomplete({ ...asMember(user), subcommand, options, focused })
        .choices(),
  };
}
