// Whether a user is still a member of a server, read through the bot's REST client and its rate limits
// (docs/architecture.md, "The weekly digest"). The bot does not follow member events (it has no Guild Members
// intent), so a member who left is known only by asking: Discord answers 404 with code 10007 Unknown Member.
//
// The answer is kept for a minute, for everything that asks through the same REST client: a hundred members
// opening /leaderboard server at once ask about the same top ten, and so do a server's digest channels, and one
// request each is enough. Asked about the same member again while Discord has not answered yet, the caller
// waits for that answer. A failure is not kept: the next caller asks again.
import { DiscordAPIError, type REST } from "@discordjs/rest";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import type { Clock } from "../clock.js";
import { fetchGuildMember } from "./guild-roles.js";

/** How long an answer is reused: a member who left is still named for at most this long. */
export const memberPresenceTtlMs = 60_000;

/** The most answers kept per REST client; past it the oldest is forgotten first. */
const maxRememberedMembers = 10_000;

/** Asks about members through `rest`, keeping the answers as isStillGuildMember does. */
export interface MemberPresence {
  isStillMember(clock: Clock, guildId: string, userId: string): Promise<boolean>;
}

/**
 * False only on Unknown Member; any other failure is thrown, since it says nothing about the member. An answer
 * given less than `memberPresenceTtlMs` ago (by `clock`) through the same `rest` is given again without asking.
 */
export function isStillGuildMember(
  rest: REST,
  clock: Clock,
  guildId: string,
  userId: string,
): Promise<boolean> {
  let presence = presences.get(rest);
  if (presence === undefined) {
    presence = createMemberPresence(rest);
    presences.set(rest, presence);
  }
  return presence.isStillMember(clock, guildId, userId);
}

/** One per REST client, made on first use, so that every caller sharing the client shares the answers. */
const presences = new WeakMap<REST, MemberPresence>();

/** A presence of its own, keeping at most `maxRemembered` answers (10,000 unless given). */
export function createMemberPresence(
  rest: REST,
  options: { readonly maxRemembered?: number } = {},
): MemberPresence {
  return new RememberedPresence(rest, options.maxRemembered ?? maxRememberedMembers);
}

interface Remembered {
  readonly here: boolean;
  /** When the answer stops being reused, on the asking clock. */
  readonly until: number;
}

class RememberedPresence implements MemberPresence {
  readonly #rest: REST;
  readonly #maxRemembered: number;
  /** In the order remembered, so the first key is the one to forget when full. */
  readonly #answers = new Map<string, Remembered>();
  readonly #asking = new Map<string, Promise<boolean>>();

  constructor(rest: REST, maxRemembered: number) {
    this.#rest = rest;
    this.#maxRemembered = maxRemembered;
  }

  isStillMember(clock: Clock, guildId: string, userId: string): Promise<boolean> {
    const key = `${guildId}/${userId}`;
    const remembered = this.#answers.get(key);
    if (remembered !== undefined && remembered.until > clock.now()) return Promise.resolve(remembered.here);
    const pending = this.#asking.get(key);
    if (pending !== undefined) return pending;
    const asking = askDiscord(this.#rest, guildId, userId)
      .then((here) => {
        this.#remember(key, { here, until: clock.now() + memberPresenceTtlMs });
        return here;
      })
      .finally(() => {
        this.#asking.delete(key);
      });
    this.#asking.set(key, asking);
    return asking;
  }

  #remember(key: string, answer: Remembered): void {
    this.#answers.delete(key);
    if (this.#answers.size >= this.#maxRemembered) {
      const oldest = this.#answers.keys().next();
      if (oldest.done !== true) this.#answers.delete(oldest.value);
    }
    this.#answers.set(key, answer);
  }
}

async function askDiscord(rest: REST, guildId: string, userId: string): Promise<boolean> {
  try {
    await fetchGuildMember(rest, guildId, userId);
    return true;
  } catch (error) {
    if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMember) return false;
    throw error;
  }
}
