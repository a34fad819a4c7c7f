// Each Discord user's Linked Roles connection (docs/architecture.md, "Linked Roles"): their Discord token,
// sealed like every credential with associated data naming the user, and the platform account it shows.
import type { Kysely, Selectable } from "kysely";
import { SecretDecryptionError, type SecretBox } from "../secrets/secret-box.js";
import type { Database, RoleConnectionsTable } from "./database.js";
import { credentialSchema, type MemberCredential } from "./link-credential.js";
import { listLinkedRolesSigningIn } from "./oauth-states.js";
import { describeSealedColumn } from "./sealed-column.js";

export interface RoleConnection {
  readonly userId: string;
  readonly credential: MemberCredential;
  /** The sealed credential as stored: a refresh stores its result only over this (compare-and-set). */
  readonly credentialVersion: string;
  readonly status: "active" | "reverify_needed";
  readonly platformUserId: string | undefined;
  readonly platformUsername: string | undefined;
}

function associatedData(userId: string): string {
  return `role_connections:${userId}:credential`;
}

export const sealedRoleConnectionCredentials = describeSealedColumn({
  table: "role_connections",
  key: "user_id",
  column: "credential",
  associatedData: (row) => associatedData(row.user_id),
});

function seal(box: SecretBox, userId: string, credential: MemberCredential): string {
  return box.seal(JSON.stringify(credential), associatedData(userId));
}

function toRoleConnection(box: SecretBox, row: Selectable<RoleConnectionsTable>): RoleConnection {
  return {
    userId: row.user_id,
    credential: credentialSchema.parse(JSON.parse(box.open(row.credential, associatedData(row.user_id)))),
    credentialVersion: row.credential,
    status: row.status,
    platformUserId: row.platform_user_id ?? undefined,
    platformUsername: row.platform_username ?? undefined,
  };
}

/** After the member authorized on Discord: a fresh token, active again, the platform account not yet known. */
export async function saveRoleConnectionToken(
  db: Kysely<Database>,
  box: SecretBox,
  input: { readonly userId: string; readonly credential: MemberCredential; readonly now: number },
): Promise<RoleConnection> {
  const changes = {
    credential: seal(box, input.userId, input.credential),
    expires_at: input.credential.expiresAt ?? null,
    status: "active" as const,
    updated_at: input.now,
  };
  const row = await db
    .insertInto("role_connections")
    .values({ user_id: input.userId, created_at: input.now, ...changes })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRoleConnection(box, row);
}

export async function findRoleConnection(
  db: Kysely<Database>,
  box: SecretBox,
  userId: string,
): Promise<RoleConnection | undefined> {
  const row = await db
    .selectFrom("role_connections")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row === undefined ? undefined : toRoleConnection(box, row);
}

/** The platform account the connection was written with. */
export async function recordRoleConnectionAccount(
  db: Kysely<Database>,
  input: {
    readonly userId: string;
    readonly platformUserId: string;
    readonly platformUsername: string;
    readonly now: number;
  },
): Promise<void> {
  await db
    .updateTable("role_connections")
    .set({
      platform_user_id: input.platformUserId,
      platform_username: input.platformUsername,
      updated_at: input.now,
    })
    .where("user_id", "=", input.userId)
    .execute();
}

/** A refreshed token, stored only over the one it was refreshed from; undefined when that one is gone. */
export async function updateRoleConnectionToken(
  db: Kysely<Database>,
  box: SecretBox,
  input: {
    readonly userId: string;
    readonly credentialVersion: string;
    readonly credential: MemberCredential;
    readonly now: number;
  },
): Promise<RoleConnection | undefined> {
  const row = await db
    .updateTable("role_connections")
    .set({
      credential: seal(box, input.userId, input.credential),
      expires_at: input.credential.expiresAt ?? null,
      updated_at: input.now,
    })
    .where("user_id", "=", input.userId)
    .where("credential", "=", input.credentialVersion)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toRoleConnection(box, row);
}

/** Discord refused the token (revoked): the member must open the verification URL again. */
export async function markRoleConnectionReverifyNeeded(
  db: Kysely<Database>,
  failed: { readonly userId: string; readonly credentialVersion: string; readonly now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("role_connections")
    .set({ status: "reverify_needed", updated_at: failed.now })
    .where("user_id", "=", failed.userId)
    .where("credential", "=", failed.credentialVersion)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The member's connection was cleared with no link left: the sealed token goes, only while it is still the one
 * read (a member who verified again meanwhile keeps theirs). Returns whether the row went.
 */
export async function deleteRoleConnection(
  db: Kysely<Database>,
  input: { readonly userId: string; readonly credentialVersion: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom("role_connections")
    .where("user_id", "=", input.userId)
    .where("credential", "=", input.credentialVersion)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Discord tokens a Linked Roles verification stored whose platform sign-in was never finished: stored before
 * `storedBefore` (the sign-in's own expiry ago), no connection written with them, no link of the user in any
 * server or of their own, and no sign-in of theirs still pending. Deleted with RETURNING, so of two instances
 * pruning at once each token is handed to one; returned opened (those no key opens are only deleted), for
 * the caller to revoke.
 */
export async function deleteAbandonedRoleConnections(
  db: Kysely<Database>,
  box: SecretBox,
  input: { readonly storedBefore: number; readonly now: number },
): Promise<{ readonly userId: string; readonly credential: MemberCredential | undefined }[]> {
  const rows = await db
    .deleteFrom("role_connections")
    .where("platform_user_id", "is", null)
    .where("updated_at", "<", input.storedBefore)
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb
              .selectFrom("member_links")
              .select("member_links.user_id")
              .whereRef("member_links.user_id", "=", "role_connections.user_id"),
          ),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom("personal_links")
              .select("personal_links.user_id")
              .whereRef("personal_links.user_id", "=", "role_connections.user_id"),
          ),
        ),
        eb("role_connections.user_id", "not in", listLinkedRolesSigningIn(db, input.now)),
      ]),
    )
    .returningAll()
    .execute();
  return rows.map((row) => ({ userId: row.user_id, credential: openCredential(box, row) }));
}

function openCredential(box: SecretBox, row: Selectable<RoleConnectionsTable>): MemberCredential | undefined {
  try {
    return toRoleConnection(box, row).credential;
  } catch (error) {
    if (error instanceof SecretDecryptionError) return undefined;
    throw error;
  }
}
