// The queue of role connections to write again (docs/architecture.md, "Linked Roles"): one row per Discord user,
// queued in the transaction of what changed it and claimed under a lease (role-connection-write-leases.ts), as
// tier roles' member rows are. Many changes before the worker gets there coalesce into one row, whose write
// reads the member's values as they are then; the version tells a finished write from one a newer change overtook.
import { sql, type Kysely } from "kysely";
import type { Database } from "./database.js";
import { isLeaseFree, takeLease } from "./leases.js";
import { idsPerQuery, inSlices } from "./in-slices.js";
import { preparedRead } from "./prepared-reads.js";

/**
 * Queues the Discord user's connection: a new row due now, or the pending one's version bumped. A row waiting
 * out a backoff keeps its time (Discord is failing; a new change does not hurry it), and keeps the time its
 * oldest unwritten change was queued.
 */
export async function queueRoleConnectionWrite(
  db: Kysely<Database>,
  input: { readonly userId: string; readonly cause: string; readonly now: number },
): Promise<void> {
  // Cast: PostgreSQL reads a bare parameter in a CASE as text.
  const now = sql<number>`cast(${input.now} as bigint)`;
  await db
    .insertInto("role_connection_writes")
    .values({
      user_id: input.userId,
      cause: input.cause,
      queued_at: input.now,
      next_attempt_at: input.now,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet((eb) => ({
        version: eb("role_connection_writes.version", "+", 1),
        cause: input.cause,
        next_attempt_at: sql<number>`case when role_connection_writes.attempts = 0 then ${now} else role_connection_writes.next_attempt_at end`,
        updated_at: input.now,
      })),
    )
    .execute();
}

/**
 * The Discord users verified for Linked Roles (an active connection) and linked to each of these platform
 * accounts, by platform account: through a server's links (in `guildId` alone when given) and, for the
 * operator's webhook only (no `guildId`), through personal links.
 */
export async function listVerifiedUsersOf(
  db: Kysely<Database>,
  input: { readonly platformUserIds: readonly string[]; readonly guildId: string | undefined },
): Promise<Map<string, Set<string>>> {
  const { guildId } = input;
  const rows = await inSlices([...new Set(input.platformUserIds)], idsPerQuery, async (some) => {
    if (guildId !== undefined) return readVerifiedMembersOf(db, { platformUserIds: some, guildId });
    const personal = await readVerifiedPersonalOf(db, { platformUserIds: some });
    return [...(await readVerifiedMembersOf(db, { platformUserIds: some, guildId })), ...personal];
  });
  const verified = new Map<string, Set<string>>();
  for (const row of rows) {
    const users = verified.get(row.platform_user_id) ?? new Set<string>();
    users.add(row.user_id);
    verified.set(row.platform_user_id, users);
  }
  return verified;
}

/** Read for every event stored (src/roles/role-connections/queue-role-connections.ts), so built once. */
const readVerifiedMembersOf = preparedRead(
  (db, args: { readonly platformUserIds: readonly string[]; readonly guildId: string | undefined }) => {
    const members = db
      .selectFrom("member_links")
      .innerJoin("role_connections", "role_connections.user_id", "member_links.user_id")
      .select(["member_links.platform_user_id", "member_links.user_id"])
      .distinct()
      .where("member_links.platform_user_id", "in", args.platformUserIds)
      .where("role_connections.status", "=", "active");
    return args.guildId === undefined ? members : members.where("member_links.guild_id", "=", args.guildId);
  },
);

/** The operator webhook's other half of readVerifiedMembersOf: verified accounts through personal links. */
const readVerifiedPersonalOf = preparedRead(
  (db, { platformUserIds }: { readonly platformUserIds: readonly string[] }) =>
    db
      .selectFrom("personal_links")
      .innerJoin("role_connections", "role_connections.user_id", "personal_links.user_id")
      .select(["personal_links.platform_user_id", "personal_links.user_id"])
      .where("personal_links.platform_user_id", "in", platformUserIds)
      .where("role_connections.status", "=", "active"),
);

/**
 * A link of this Discord user was made, replaced or went (an unlink): if they ever verified, their connection
 * is written again from their links, or cleared when none is left. Returns whether a write was queued.
 */
export async function queueRoleConnectionOfUser(
  db: Kysely<Database>,
  input: { readonly userId: string; readonly cause: string; readonly now: number },
): Promise<boolean> {
  const verified = await db
    .selectFrom("role_connections")
    .select("user_id")
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  if (verified === undefined) return false;
  await queueRoleConnectionWrite(db, input);
  return true;
}

/** A queued write leased to whoever queued it, to finish once they wrote it (finishRoleConnectionWrite). */
export interface HeldRoleConnectionWrite {
  readonly owner: string;
  readonly version: number;
}

/**
 * queueRoleConnectionOfUser, the row then leased to `owner` when nobody holds it: for a caller that writes the
 * connection itself once its transaction commits (a confirmed Linked Roles sign-in, oauth-link.ts) and then
 * finishes the row. The worker cannot claim it meanwhile, so it does not write the same change a second time;
 * if the caller stops first, the lease ends and the worker takes it. `held` is undefined when nothing was
 * queued or another owner holds the row (a worker writing an older change, which then writes this one too).
 */
export async function queueHeldRoleConnectionOfUser(
  db: Kysely<Database>,
  input: {
    readonly userId: string;
    readonly cause: string;
    readonly now: number;
    readonly owner: string;
    readonly leaseMs: number;
  },
): Promise<{ readonly queued: boolean; readonly held: HeldRoleConnectionWrite | undefined }> {
  if (!(await queueRoleConnectionOfUser(db, input))) return { queued: false, held: undefined };
  const leased = await db
    .updateTable("role_connection_writes")
    .set(takeLease(db, input))
    .where("user_id", "=", input.userId)
    .where(isLeaseFree(db, { table: "role_connection_writes", now: input.now }))
    .returning("version")
    .executeTakeFirst();
  return { queued: true, held: leased === undefined ? undefined : { owner: input.owner, ...leased } };
}

/**
 * Every Discord user verified for Linked Roles, written again: what a connection shows changed meaning for
 * all of them (the learned tiers' order, tiers.ts). Returns how many were queued.
 */
export async function queueEveryRoleConnection(
  db: Kysely<Database>,
  input: { readonly cause: string; readonly now: number },
): Promise<number> {
  // In one order, so two transactions queueing rows of the same users lock them alike (PostgreSQL).
  const rows = await db.selectFrom("role_connections").select("user_id").orderBy("user_id").execute();
  for (const { user_id: userId } of rows) {
    await queueRoleConnectionWrite(db, { userId, cause: input.cause, now: input.now });
  }
  return rows.length;
}

/** A server's links are about to be purged: each verified member linked there is written again or cleared. */
export async function queueRoleConnectionsOfGuild(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly cause: string; readonly now: number },
): Promise<number> {
  const rows = await db
    .selectFrom("member_links")
    .innerJoin("role_connections", "role_connections.user_id", "member_links.user_id")
    .select("member_links.user_id")
    .distinct()
    .where("member_links.guild_id", "=", input.guildId)
    // In the order queueEveryRoleConnection and the event subscriber lock them (PostgreSQL).
    .orderBy("member_links.user_id")
    .execute();
  for (const { user_id: userId } of rows) {
    await queueRoleConnectionWrite(db, { userId, cause: input.cause, now: input.now });
  }
  return rows.length;
}
