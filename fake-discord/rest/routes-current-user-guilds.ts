// GET /users/@me/guilds as Discord documents it (docs: Resources, User — Get Current User Guilds): the
// guilds the bot is in as partial guild objects, in id order, `limit` 1–200 (default 200), a page `before` or
// `after` a guild id, and approximate member and presence counts with `with_counts=true`.
import type { FastifyInstance } from "fastify";
import { DiscordHttpError, type FieldError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { computeMemberPermissions } from "../world/permissions.js";
import { readLimitParam, readSnowflakeParam } from "./page-query.js";
import type { FakeGuild } from "../world/world-types.js";

interface CurrentUserGuildsQuery {
  readonly before?: string;
  readonly after?: string;
  readonly limit?: string;
  readonly with_counts?: string;
}

export function registerCurrentUserGuildsRoute(app: FastifyInstance, state: FakeDiscordState): void {
  app.get<{ Querystring: CurrentUserGuildsQuery }>("/users/@me/guilds", (request) => {
    const { before, after, limit, withCounts } = readQuery(request.query);
    const botId = state.world.botUser.id;
    const inRange = [...state.world.guilds.values()]
      .filter(
        (guild) =>
          (before === undefined || BigInt(guild.id) < before) &&
          (after === undefined || BigInt(guild.id) > after),
      )
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    // Alone, `before` pages backwards: the guilds just before it, still in id order.
    const page =
      before !== undefined && after === undefined ? inRange.slice(-limit) : inRange.slice(0, limit);
    return page.map((guild) => renderPartialGuild(guild, botId, withCounts));
  });
}

function renderPartialGuild(guild: FakeGuild, botId: string, withCounts: boolean): Record<string, unknown> {
  const bot = guild.members.get(botId);
  const partial: Record<string, unknown> = {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    banner: null,
    owner: guild.ownerId === botId,
    permissions: String(bot === undefined ? 0n : computeMemberPermissions(guild, bot)),
    features: guild.features,
  };
  if (!withCounts) return partial;
  const members = guild.members.size + guild.unlistedMemberCount;
  return { ...partial, approximate_member_count: members, approximate_presence_count: 0 };
}

function readQuery(query: CurrentUserGuildsQuery): {
  before: bigint | undefined;
  after: bigint | undefined;
  limit: number;
  withCounts: boolean;
} {
  const errors: FieldError[] = [];
  const before = readSnowflakeParam("before", query.before, errors);
  const after = readSnowflakeParam("after", query.after, errors);
  const limit = readLimitParam(query.limit, { max: 200, fallback: 200 }, errors);
  const withCounts = query.with_counts === undefined ? false : readBoolean(query.with_counts, errors);
  if (errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors);
  return { before, after, limit, withCounts };
}

function readBoolean(value: string, errors: FieldError[]): boolean {
  if (value === "true" || value === "True" || value === "1") return true;
  if (value === "false" || value === "False" || value === "0") return false;
  errors.push({
    path: ["with_counts"],
    code: "BOOLEAN_TYPE_COERCE",
    message: `Value "${value}" is not bool.`,
  });
  return false;
}
