// GET /users/@me/guilds as Discord documents it (docs: Resources, User — Get Current User Guilds): the
// guilds the bot is in as partial guild objects, in id order, `limit` 1–200 (default 200), a page `before` or
// `after` a guild id, and approximate member and presence counts with `with_counts=true`.
import type { FastifyInstance } from "fastify";
import { DiscordHttpError, type FieldError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { computeMemberPermissions } from "../world/permissions.js";
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
  const snowflake = (name: string, value: string | undefined): bigint | undefined => {
    if (value === undefined) return undefined;
    if (/^\d{1,20}$/.test(value)) return BigInt(value);
    errors.push({ path: [name], code: "NUMBER_TYPE_COERCE", message: `Value "${value}" is not snowflake.` });
    return undefined;
  };
  const before = snowflake("before", query.before);
  const after = snowflake("after", query.after);
  const limit = query.limit === undefined ? 200 : Number(query.limit);
  if (!Number.isInteger(limit)) {
    errors.push({
      path: ["limit"],
      code: "NUMBER_TYPE_COERCE",
      message: `Value "${String(query.limit)}" is not int.`,
    });
  } else if (limit < 1 || limit > 200) {
    const [code, bound] =
      limit < 1
        ? ["NUMBER_TYPE_MIN", "greater than or equal to 1"]
        : ["NUMBER_TYPE_MAX", "less than or equal to 200"];
    errors.push({ path: ["limit"], code, message: `int value should be ${bound}.` });
  }
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
