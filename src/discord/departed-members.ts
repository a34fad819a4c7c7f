// Members who left a server are left out of what names them: the weekly digest and /leaderboard server
// (docs/architecture.md, "The weekly digest"). The bot follows no member events, so their links and activity
// stay after they leave: before naming anyone, the caller asks Discord about the members it would name, in
// the order it names them, and drops those who are gone. The asking is bounded and never fails the reply.
import type { Logger } from "../logger.js";
import type { LinkedMember } from "../store/linked-members.js";
import type { MemberPresence } from "./guild-member-presence.js";

/**
 * Member look-ups per post or page, at most: a week names about twenty members, a page ten, and a reply must
 * not wait on hundreds of requests. Members past it are named unchecked. An answer remembered from the last
 * minute (guild-member-presence.ts) asks nothing, so it does not count: a third page of /leaderboard server
 * passes thirty-one members, twenty-one of them asked about by the two pages before it.
 */
export const maxMemberChecks = 25;

/** True while the Discord user is a member of the server; throws when Discord could not say. */
export type MemberCheck = (discordUserId: string) => Promise<boolean>;

export interface DepartedCheck {
  readonly check: MemberCheck;
  /** What `check` would answer without asking anyone, when it knows (an answer it remembers). */
  readonly remembered?: (discordUserId: string) => boolean | undefined;
  readonly logger: Logger;
}

/** The check of `guildId`'s members through the bot's shared presence. */
export function checkThroughPresence(
  presence: MemberPresence,
  guildId: string,
  logger: Logger,
): DepartedCheck {
  return {
    check: (userId) => presence.isStillMember(guildId, userId),
    remembered: (userId) => presence.remembered(guildId, userId),
    logger,
  };
}

/** The look-ups of one post or page, and what they found. */
export interface DepartedMembers {
  /** Whether the Discord user is still here, or could not be asked about (a failure, or past the cap). */
  isStillHere(discordUserId: string): Promise<boolean>;
  /** Whether one of the members who linked the platform user here is still here (or could not be asked). */
  isAnyStillHere(platformUserId: string): Promise<boolean>;
  /** The Discord users found to have left. */
  readonly departed: ReadonlySet<string>;
}

/**
 * Asks about each member once, at most `maxMemberChecks` times in all. A failure other than Unknown Member
 * keeps the member and ends the checks: Discord is struggling, and the reply comes all the same.
 */
export function createDepartedMembers(
  input: DepartedCheck & { readonly links: readonly Pick<LinkedMember, "userId" | "platformUserId">[] },
): DepartedMembers {
  const linksOf = new Map<string, string[]>();
  for (const link of input.links) {
    linksOf.set(link.platformUserId, [...(linksOf.get(link.platformUserId) ?? []), link.userId]);
  }
  const departed = new Set<string>();
  const here = new Set<string>();
  let checks = 0;
  let stopped = false;
  const isStillHere = async (userId: string): Promise<boolean> => {
    if (departed.has(userId)) return false;
    if (here.has(userId)) return true;
    const remembered = input.remembered?.(userId);
    if (remembered !== undefined) {
      (remembered ? here : departed).add(userId);
      return remembered;
    }
    if (stopped || checks >= maxMemberChecks) return true;
    checks += 1;
    try {
      if (await input.check(userId)) {
        here.add(userId);
        return true;
      }
    } catch (error) {
      input.logger.warn(
        { err: error, userId },
        "could not check whether a member is still here; named all the same",
      );
      stopped = true;
      return true;
    }
    departed.add(userId);
    return false;
  };
  return {
    isStillHere,
    async isAnyStillHere(platformUserId) {
      const userIds = linksOf.get(platformUserId) ?? [];
      for (const userId of userIds) {
        if (await isStillHere(userId)) return true;
      }
      return userIds.length === 0;
    },
    departed,
  };
}
