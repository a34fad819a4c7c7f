// Members who left the server are left out of the weekly digest (docs/architecture.md, "The weekly digest").
// Before naming anyone, the digest asks Discord about the members it would name (src/discord/departed-members.ts),
// drops those who are gone, and lets the next ones take their places, asking about them in turn.
import { createDepartedMembers, type DepartedCheck } from "../discord/departed-members.js";
import type { LinkedMember } from "../store/linked-members.js";
import { listShownMembers, type WeekRows } from "./server-week-shown.js";

/**
 * The rows without the platform users whose every link here belongs to someone who left, and those Discord
 * users, so that a platform account another member also linked is mentioned as that member. `alsoNamed` are
 * the platform users the post names besides its rows (the platform's podium). A failure other than Unknown
 * Member keeps the member and ends the checks: Discord is struggling, and the digest is posted all the same.
 */
export async function leaveOutDeparted<T extends WeekRows>(
  week: T,
  input: DepartedCheck & { readonly links: readonly LinkedMember[]; readonly alsoNamed: readonly string[] },
): Promise<{ readonly week: T; readonly departed: ReadonlySet<string> }> {
  const members = createDepartedMembers(input);
  const settled = new Set<string>();
  let current = week;
  for (;;) {
    const gone = new Set<string>();
    for (const platformUserId of new Set([...listShownMembers(current), ...input.alsoNamed])) {
      if (settled.has(platformUserId)) continue;
      settled.add(platformUserId);
      if (!(await members.isAnyStillHere(platformUserId))) gone.add(platformUserId);
    }
    if (gone.size === 0) return { week: current, departed: members.departed };
    const here = (row: { readonly platformUserId: string }) => !gone.has(row.platformUserId);
    current = {
      ...current,
      totals: current.totals.filter(here),
      promotions: current.promotions.filter(here),
      achievements: current.achievements.filter(here),
    };
  }
}
