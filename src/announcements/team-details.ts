// What the team announcements share: how full a team is.

/** "3/5", "3" without a maximum, undefined when the event did not say. */
export function describeMemberCount(
  members: number | undefined,
  maxMembers: number | undefined,
): string | undefined {
  if (members === undefined) return undefined;
  return maxMembers === undefined ? String(members) : `${String(members)}/${String(maxMembers)}`;
}
