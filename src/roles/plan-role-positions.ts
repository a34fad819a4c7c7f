// Where tier roles go in the server's role list (docs/architecture.md, "Tier roles"): just below the bot's
// highest role, the highest tier on top, the other roles below the bot keeping their order beneath them.
// Roles at or above the bot's stay where they are (the bot cannot move them).

export interface PositionedRole {
  readonly id: string;
  readonly position: number;
}

/** The moves to ask Discord for (Modify Guild Role Positions); empty when the order is already right. */
export function planRolePositions(input: {
  readonly guildId: string;
  readonly roles: readonly PositionedRole[];
  readonly botTopPosition: number;
  /** Tier roles, highest tier first. */
  readonly tierRoleIdsHighestFirst: readonly string[];
}): PositionedRole[] {
  const below = input.roles
    .filter((role) => role.id !== input.guildId && role.position < input.botTopPosition)
    .sort((a, b) => b.position - a.position || a.id.localeCompare(b.id));
  const belowIds = new Set(below.map((role) => role.id));
  const tierIds = input.tierRoleIdsHighestFirst.filter((id) => belowIds.has(id));
  const tierSet = new Set(tierIds);
  const topDown = [...tierIds, ...below.map((role) => role.id).filter((id) => !tierSet.has(id))];
  if (topDown.every((id, index) => below[index]?.id === id)) return [];
  const current = new Map(below.map((role) => [role.id, role.position]));
  return topDown
    .map((id, index) => ({ id, position: topDown.length - index }))
    .filter((role) => current.get(role.id) !== role.position);
}
