// Members who left the server are left out of the weekly digest (docs/architecture.md, "The weekly digest").
// The bot follows no member events, so their links and activity stay after they leave: before naming anyone,
// the digest asks Discord about the members it would name, drops those who are gone, and lets the next ones
// take their places, asking about them in turn.
import type { Logger } from "../logger.js";
import type { LinkedMember } from "../store/linked-members.js";
import { listShownMembers, type WeekRows } from "./server-week-shown.js";

/**
 * Member look-ups per digest, at most: a week names about twenty members, and a post must not wait on
 * hundreds of requests. Members past it are named unchecked.
 */
export const maxMemberChecks = 25;

/** True while the Discord user is a member of the server; throws when Discord could not say. */
export type MemberCheck = (discordUserId: string) => Promise<boolean>;

export interface DepartedCheck {
  readonly check: MemberCheck;
  readonly logger: Logger;
}

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
  const linksOf = new Map<string, string[]>();
  for (const link of input.links) {
    linksOf.set(link.platformUserId, [...(linksOf.get(link.platformUserId) ?? []), link.userId]);
  }
  const departed = new Set<string>();
  const settled = new Set<string>();
  let checks = 0;
  let stopped = false;
  /** Whether one of the platform user's members is still here (or could not be asked about). */
  const isAnyStillHere = async (platformUserId: string): Promise<boolean> => {
    for (const userId of linksOf.get(platformUserId) ?? []) {
      if (departed.has(userId)) continue;
      if (stopped || checks >= maxMemberChecks) return true;
      checks += 1;
      try {
        if (await input.check(userId)) return true;
      } catch (error) {
        input.logger.warn({ err: error, userId }, "could not check a digest member; named all the same");
        stopped = true;
        return true;
      }
      departed.add(userId);
    }
    return (linksOf.get(platformUserId) ?? []).length === 0;
  };

  let current = week;
  for (;;) {
    const gone = new Set<string>();
    for (const platformUserId of new Set([...listShownMembers(current), ...input.alsoNamed])) {
      if (settled.has(platformUserId)) continue;
      settled.add(platformUserId);
      if (!(await isAnyStillHere(platformUserId))) gone.add(platformUserId);
    }
    if (gone.size === 0) return { week: current, departed };
    const here = (row: { readonly platformUserId: string }) => !gone.has(row.platformUserId);
    current = {
      ...current,
      totals: current.totals.filter(here),
      promotions: current.promotions.filter(here),
      achievements: current.achievements.filter(here),
    };
  }
}
