// What the tests of reads held on the reading admin's standing share (tournament reminders, tournament events
// alone): an admin channel where the admins are told, the admin's role that carries Manage Server, and the
// notices that start with what is on hold.
import type { StoredMessage } from "../../../fake-discord/index.js";
import type { EndToEnd } from "../harness.js";
import { adminCommands } from "./member-commands.js";

export interface AdminStanding {
  readonly adminChannel: string;
  /** The admin's role that gives Manage Server, to take away and give back. */
  readonly adminRoleId: string;
  /** The notices in the admin channel that start with `onHold`, in order. */
  notices(): StoredMessage[];
  /** Takes the admin's role away and resolves with the notice the admins get about it. */
  loseManageServer(): Promise<StoredMessage>;
  giveManageServerBack(): void;
}

/** Makes the admin channel (`/setup admin-channel`, run as the admin) and finds the admin's role. */
export async function setUpAdminStanding(world: EndToEnd, onHold: string): Promise<AdminStanding> {
  const adminChannel = world.discord.createChannel(world.guildId, { name: "admins" }).id;
  const [adminRole] = world.discord.roles.ofMember(world.guildId, world.members.admin.id);
  if (adminRole === undefined) throw new Error("the harness gives the admin a role with Manage Server");
  await adminCommands(() => world)("setup", {
    subcommand: "admin-channel",
    options: { channel: adminChannel },
  });
  const isNotice = (message: StoredMessage) => message.content.startsWith(onHold);
  return {
    adminChannel,
    adminRoleId: adminRole.id,
    notices: () => world.discord.messages(adminChannel).filter(isNotice),
    loseManageServer: () => {
      world.discord.roles.takeFromMember(world.guildId, world.members.admin.id, adminRole.id);
      return world.discord.waitForMessage(adminChannel, isNotice, 20_000);
    },
    giveManageServerBack: () => {
      world.discord.roles.giveMember(world.guildId, world.members.admin.id, adminRole.id);
    },
  };
}
