// Whether a user is still a member of a server, read through the bot's REST client and its rate limits
// (docs/architecture.md, "The weekly digest"). The bot does not follow member events (it has no Guild Members
// intent), so a member who left is known only by asking: Discord answers 404 with code 10007 Unknown Member.
//
// The composition root builds one presence over the bot's REST client, and everything that asks shares it: a
// hundred members opening /leaderboard server at once ask about the same top ten, and so do a server's digest
// channels, and one request each is enough. An answer is kept for a minute; asked about the same member again
// while Discord has not answered yet, the caller waits for that answer. A failure is not kept: the next caller
// asks again.
import { DiscordAPIError, type REST } from "@discordjs/rest";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import type { Clock } from "../clock.js";
import { createSingleFlight } from "../single-flight.js";
import { fetchGuildMember } from "./guild-roles.js";

/** How long an answer is reused: how long a member who left may still be named, or one back left out. */
export const memberPresenceTtlMs = 60_000;

/** The most answers kept; past it the oldest is forgotten first. */
const maxRememberedMembers = 10_000;

export interface MemberPresence {
  /** False only on Unknown Member; any other failure is thrown, since it says nothing about the member. */
  isStillMember(guildId: string, userId: string): Promise<boolean>;
  /**
   * What isStillMember would answer without asking Discord: the answer kept from the last minute, or
   * undefined when there is none.
   */
  remembered(guildId: string, userId: string): boolean | undefined;
}

/** Asks through `rest`, keeping each answer `memberPresenceTtlMs` by `clock`; at most 10,000 unless given. */
export function createMemberPresence(
  rest: REST,
  clock: Clock,
  options: { readonly maxRemembered?: number } = {},
): MemberPresence {
  return new RememberedPresence(rest, clock, options.maxRemembered ?? maxRememberedMembers);
}

interface Remembered {
  readonly here: boolean;
  /** When it was asked, on the presence's clock. */
  readonly at: number;
}

class RememberedPresence implements MemberPresence {
  readonly #rest: REST;
  readonly #clock: Clock;
  readonly #maxRemembered: number;
  /** In the order remembered, so the first key is the one to forget when full. */
  readonly #answers = new Map<string, Remembered>();
  readonly #asking = createSingleFlight();

  constructor(rest: REST, clock: Clock, maxRemembered: number) {
    this.#rest = rest;
    this.#clock = clock;
    this.#maxRemembered = maxRemembered;
  }

  isStillMember(guildId: string, userId: string): Promise<boolean> {
    const key = `${guildId}/${userId}`;
    const remembered = this.#rememberedOf(key);
    if (remembered !== undefined) return Promise.resolve(remembered);
    return this.#asking.runOnce(key, async () => {
      const at = this.#clock.now();
      const here = await askDiscord(this.#rest, guildId, userId);
      this.#remember(key, { here, at });
      return here;
    });
  }

  remembered(guildId: string, userId: string): boolean | undefined {
    return this.#rememberedOf(`${guildId}/${userId}`);
  }

  #rememberedOf(key: string): boolean | undefined {
    const remembered = this.#answers.get(key);
    if (remembered === undefined) return undefined;
    // A clock set back counts as the minute gone: no answer is kept longer than a minute of its asking.
    const age = this.#clock.now() - remembered.at;
    return age >= 0 && age < memberPresenceTtlMs ? remembered.here : undefined;
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
