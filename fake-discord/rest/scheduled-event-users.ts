import { DiscordHttpError } from "../discord-errors.js";
import { renderMember, renderUser, type ApiObject } from "../world/render-world.js";
import type { FakeWorld } from "../world/world.js";
import type { FakeGuild, FakeScheduledEvent } from "../world/world-types.js";

export interface InterestedUsersQuery {
  limit?: string;
  with_member?: string;
  before?: string;
  after?: string;
}

/**
 * Get Guild Scheduled Event Users (docs: Resources, Guild Scheduled Event): users in ascending id order,
 * `limit` up to 100 (default 100), `before` or `after` a user id (`before` wins when both are given), the
 * member with `with_member=true`. A bad number or id is 400 50035.
 */
export function listInterestedUsers(
  world: FakeWorld,
  guild: FakeGuild,
  event: FakeScheduledEvent,
  query: InterestedUsersQuery,
): ApiObject[] {
  const limit = Number(query.limit ?? 100);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new DiscordHttpError("invalidFormBody", [
      { path: ["limit"], code: "NUMBER_TYPE_MAX", message: "int value should be between 1 and 100." },
    ]);
  for (const [name, value] of Object.entries({ before: query.before, after: query.after })) {
    if (value !== undefined && !/^\d{1,20}$/.test(value))
      throw new DiscordHttpError("invalidFormBody", [
        { path: [name], code: "NUMBER_TYPE_COERCE", message: `Value "${value}" is not snowflake.` },
      ]);
  }
  const ascending = [...event.interestedUserIds].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const { before, after } = query;
  const page =
    before !== undefined
      ? ascending.filter((id) => BigInt(id) < BigInt(before)).slice(-limit)
      : ascending.filter((id) => after === undefined || BigInt(id) > BigInt(after)).slice(0, limit);
  return page.flatMap((userId) => {
    const user = world.users.get(userId);
    if (user === undefined) return [];
    const entry: ApiObject = { guild_scheduled_event_id: event.id, user: renderUser(user) };
    const member = guild.members.get(userId);
    if (query.with_member === "true" && member !== undefined) entry.member = renderMember(member, user);
    return [entry];
  });
}
