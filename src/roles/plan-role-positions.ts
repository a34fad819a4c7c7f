// Where tier roles go in the server's role list (docs/architecture.md, "Tier roles"): just below the bot's
// highest role, the highest tier on top, the other roles below the bot keeping their order beneath them.
// Roles at or above the bot's stay where they are (the bot cannot move them).
import { compareRolesHighestFirst, isRoleBelow, type OrderedRole } from "./role-order.js";

/**
 * The moves to ask Discord for (Modify Guild Role Positions), lowest first; empty when the order is already
 * right; undefined when the roles below the bot cannot be renumbered beneath it (they share its position).
 */
export function planRolePositions(input: {
  readonly guildId: string;
  readonly roles: readonly OrderedRole[];
  readonly botTopRole: OrderedRole;
  /** Tier roles, highest tier first. */
  readonly tierRoleIdsHighestFirst: readonly string[];
}): OrderedRole[] | undefined {
  const below = input.roles
    .filter((role) => role.id !== input.guildId && isRoleBelow(role, input.botTopRole))
    .sort(compareRolesHighestFirst);
  const belowIds = new Set(below.map((role) => role.id));
  const tierIds = input.tierRoleIdsHighestFirst.filter((id) => belowIds.has(id));
  const tierSet = new Set(tierIds);
  const topDown = [...tierIds, ...below.map((role) => role.id).filter((id) => !tierSet.has(id))];
  if (topDown.every((id, index) => below[index]?.id === id)) return [];
  if (topDown.length >= input.botTopRole.position) return undefined;
  const current = new Map(below.map((role) => [role.id, role.position]));
  // Lowest first: Discord applies the moves in turn, so each lands above the ones already placed.
  return topDown
    .map((id, index) => ({ id, position: topDown.length - index }))
    .filter((role) => current.get(role.id) !== role.position)
    .reverse();
}
