// `/battle` as members run it in the world's main channel: the interaction's handle (for its form or its final
// answer), the choices its autocomplete offers, and the answer to a press of a button on what it posted.
import type { CommandOptionValue, FakeUser, StoredMessage } from "../../../fake-discord/index.js";
import type { EndToEnd } from "../harness.js";
import { buttonLabelled } from "./message-parts.js";

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
    /** The answer to `userId` pressing the button labelled `label` on `message`. */
    press: (message: StoredMessage, label: string, userId: string) =>
      world()
        .discord.pressButton({ message, customId: buttonLabelled(message, label).custom_id, userId })
        .waitForFinal(),
  };
}
