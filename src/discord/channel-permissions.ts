// A member's permissions in a channel, computed as Discord does (Discord's documentation, Topics, Permissions,
// "Permission Overwrites"): the server owner and Administrator hold every permission; anyone else holds those
// of @everyone and of each of their roles, then the channel's @everyone overwrite, its role overwrites (every
// deny, then every allow, whatever the roles' positions) and the member's own overwrite, each deny before its
// allow. The bot reads its own standing so (src/discord/read-bot-channel-permissions.ts).
import { OverwriteType, PermissionFlagsBits, type APIOverwrite, type APIRole } from "discord-api-types/v10";

export interface ChannelPermissionInputs {
  readonly guildId: string;
  readonly ownerId: string;
  readonly roles: readonly Pick<APIRole, "id" | "permissions">[];
  readonly userId: string;
  readonly memberRoleIds: readonly string[];
  readonly overwrites: readonly APIOverwrite[];
}

const everyPermission = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

export function computeChannelPermissions(inputs: ChannelPermissionInputs): bigint {
  if (inputs.userId === inputs.ownerId) return everyPermission;
  const held = new Set([inputs.guildId, ...inputs.memberRoleIds]);
  let permissions = 0n;
  for (const role of inputs.roles) if (held.has(role.id)) permissions |= BigInt(role.permissions);
  if ((permissions & PermissionFlagsBits.Administrator) !== 0n) return everyPermission;

  const apply = (overwrite: { readonly allow: bigint; readonly deny: bigint }) => {
    permissions = (permissions & ~overwrite.deny) | overwrite.allow;
  };
  const bits = (overwrite: APIOverwrite) => ({
    allow: BigInt(overwrite.allow),
    deny: BigInt(overwrite.deny),
  });
  const everyone = inputs.overwrites.find((overwrite) => overwrite.id === inputs.guildId);
  if (everyone !== undefined) apply(bits(everyone));
  const roles = { allow: 0n, deny: 0n };
  for (const overwrite of inputs.overwrites) {
    if (overwrite.type !== OverwriteType.Role || overwrite.id === inputs.guildId) continue;
    if (!inputs.memberRoleIds.includes(overwrite.id)) continue;
    roles.allow |= BigInt(overwrite.allow);
    roles.deny |= BigInt(overwrite.deny);
  }
  apply(roles);
  const own = inputs.overwrites.find(
    (overwrite) => overwrite.type === OverwriteType.Member && overwrite.id === inputs.userId,
  );
  if (own !== undefined) apply(bits(own));
  return permissions;
}
