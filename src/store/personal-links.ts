// A member's personal link (docs/architecture.md, "Personal links"): their platform account tied to no server,
// one per Discord user. member-links.ts hands a key without a guild here, so callers use one set of functions.
// The credential is sealed with associated data naming the user and this table, so neither a server link's
// ciphertext nor another user's opens here.
import type { Kysely, Selectable } from "kysely";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database, PersonalLinksTable } from "./database.js";
import { createId } from "./ids.js";
import {
  credentialColumns,
  credentialSchema,
  openReplacedCredential,
  type MemberCredential,
  type ReplacedCredential,
} from "./link-credential.js";
import { readDialect } from "./dialect.js";
import { describeSealedColumn } from "./sealed-column.js";

/** A personal link as member-links.ts returns links: `guildId` undefined. */
export interface PersonalLinkRow {
  readonly id: string;
  readonly guildId: undefined;
  readonly userId: string;
  readonly platformUserId: string;
  readonly platformUsername: string;
  readonly credentialKind: PersonalLinksTable["credential_kind"];
  readonly scopes: readonly string[];
  readonly expiresAt: number | null;
  readonly status: Selectable<PersonalLinksTable>["status"];
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly credential: MemberCredential;
  readonly credentialVersion: string;
}

export interface PersonalLinkInput {
  readonly userId: string;
  readonly platformUserId: string;
  readonly platformUsername: string;
  readonly credentialKind: PersonalLinksTable["credential_kind"];
  readonly credential: MemberCredential;
  readonly now: number;
}

function associatedData(userId: string): string {
  return `personal_links:${userId}:credential`;
}

/** The credential column, for re-sealing under the current key (sealed-column.ts). */
export const sealedPersonalCredentials = describeSealedColumn({
  table: "personal_links",
  key: "id",
  column: "credential",
  associatedData: (row) => associatedData(row.user_id),
});

/** Creates the personal link, or replaces its account and credential (a re-link). */
export async function savePersonalLink(
  db: Kysely<Database>,
  box: SecretBox,
  input: PersonalLinkInput,
): Promise<PersonalLinkRow> {
  const changes = {
    platform_user_id: input.platformUserId,
    platform_username: input.platformUsername,
    credential_kind: input.credentialKind,
    ...credentialColumns(box, associatedData(input.userId), input.credential),
    status: "active" as const,
    updated_at: input.now,
  };
  const row = await db
    .insertInto("personal_links")
    .values({ id: createId(), user_id: input.userId, created_at: input.now, ...changes })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPersonalLink(box, row);
}

export async function findPersonalLink(
  db: Kysely<Database>,
  box: SecretBox,
  userId: string,
): Promise<PersonalLinkRow | undefined> {
  const row = await db
    .selectFrom("personal_links")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row === undefined ? undefined : toPersonalLink(box, row);
}

/** As readCredentialToReplace: locked on PostgreSQL until the re-link's transaction ends. */
export async function readPersonalCredentialToReplace(
  db: Kysely<Database>,
  box: SecretBox,
  userId: string,
): Promise<ReplacedCredential | undefined> {
  const query = db
    .selectFrom("personal_links")
    .select(["credential_kind", "credential", "platform_user_id"])
    .where("user_id", "=", userId);
  const row = await (readDialect(db) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  return row === undefined ? undefined : openReplacedCredential(box, row, associatedData(userId));
}

/** As updateMemberCredential: stored only over the credential the refresh started from. */
export async function updatePersonalCredential(
  db: Kysely<Database>,
  box: SecretBox,
  input: {
    readonly userId: string;
    readonly credentialVersion: string;
    readonly credential: MemberCredential;
    readonly now: number;
  },
): Promise<PersonalLinkRow | undefined> {
  const row = await db
    .updateTable("personal_links")
    .set({
      ...credentialColumns(box, associatedData(input.userId), input.credential),
      status: "active",
      updated_at: input.now,
    })
    .where("user_id", "=", input.userId)
    .where("credential", "=", input.credentialVersion)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toPersonalLink(box, row);
}

/** As markLinkReauthNeeded: only while the credential that failed is still the stored one. */
export async function markPersonalReauthNeeded(
  db: Kysely<Database>,
  failed: { readonly userId: string; readonly credentialVersion: string; readonly now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("personal_links")
    .set({ status: "reauth_needed", updated_at: failed.now })
    .where("user_id", "=", failed.userId)
    .where("credential", "=", failed.credentialVersion)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deletePersonalLink(db: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await db.deleteFrom("personal_links").where("user_id", "=", userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function toPersonalLink(box: SecretBox, row: Selectable<PersonalLinksTable>): PersonalLinkRow {
  return {
    id: row.id,
    guildId: undefined,
    userId: row.user_id,
    platformUserId: row.platform_user_id,
    platformUsername: row.platform_username,
    credentialKind: row.credential_kind,
    scopes: row.scopes === null || row.scopes === "" ? [] : row.scopes.split(" "),
    expiresAt: row.expires_at,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    credential: credentialSchema.parse(JSON.parse(box.open(row.credential, associatedData(row.user_id)))),
    credentialVersion: row.credential,
  };
}
