import type { APIApplicationCommand } from "discord.js";
import type { FakeGuild, FakeMember } from "../world/world-types.js";
import { allPermissions, computeMemberPermissions } from "../world/permissions.js";
import { describePermissions } from "../world/permission-names.js";

/** Thrown for a command the member's client neither lists nor runs: default_member_permissions hides it. */
export class CommandHiddenError extends Error {
  override readonly name = "CommandHiddenError";
}

/**
 * Whether a member's client lists the command: only with every permission in default_member_permissions,
 * and "0" only for administrators (docs: Application Command Permissions). The owner and Administrator
 * have them all.
 */
export function canSeeCommand(command: APIApplicationCommand, guild: FakeGuild, member: FakeMember): boolean {
  if (command.default_member_permissions === null) return true;
  const granted = computeMemberPermissions(guild, member);
  const required = BigInt(command.default_member_permissions);
  return required === 0n ? granted === allPermissions : (granted & required) === required;
}

export function hiddenCommandError(command: APIApplicationCommand, username: string): CommandHiddenError {
  const required = BigInt(command.default_member_permissions ?? "0");
  return new CommandHiddenError(
    `${username} cannot use /${command.name}: it needs ${describePermissions(required)}, so Discord neither lists nor runs it for them.`,
  );
}
