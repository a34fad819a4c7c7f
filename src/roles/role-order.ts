// Discord's role order: a higher position ranks higher, and among equal positions the older role (the smaller
// snowflake) ranks higher. A role made through the API starts at position 1, beside others there.

export interface OrderedRole {
  readonly id: string;
  readonly position: number;
}

function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const [x, y] = [BigInt(a), BigInt(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return a.localeCompare(b);
}

/** For sorting highest first. */
export function compareRolesHighestFirst(a: OrderedRole, b: OrderedRole): number {
  return b.position - a.position || compareIds(a.id, b.id);
}

/** Whether `role` ranks below `other` (so a member whose highest role is `other` may give it). */
export function isRoleBelow(role: OrderedRole, other: OrderedRole): boolean {
  return compareRolesHighestFirst(role, other) > 0;
}
