// A member's platform account per (guild, Discord user) (docs/architecture.md, "Linking"). The credential is
// sealed with associated data naming the guild and user, so it cannot be moved to another member's row. A key
// without a guild is the member's personal link (personal-links.ts), so one set of functions serves both.
import { sql, type Kysely, type Selectable } from "kysely";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database, MemberLinksTable } from "./database.js";
import { createId } from "./ids.js";
import {
  credentialColumns,
  credentialSchema,
  openReplacedCredential,
  type MemberCredential,
  type ReplacedCredential,
} from "./link-credential.js";
import {
  deletePersonalLink,
  findPersonalLink,
  markPersonalReauthNeeded,
  readPersonalCredentialToReplace,
  savePersonalLink,
  updatePersonalCredential,
} from "./personal-links.js";
import { readDialect } from "./dialect.js";
import { describeSealedColumn } from "./sealed-column.js";
import { toLinkedMember, type CredentialKind, type LinkedMember } from "./linked-members.js";

export { credentialSchema, type MemberCredential, type ReplacedCredential } from "./link-credential.js";

export type { CredentialKind, LinkedMember, LinkStatus } from "./linked-members.js";

/** A server link, or a personal link (`guildId` undefined: made in a DM or by Linked Roles). */
export interface MemberLink extends Omit<LinkedMember, "guildId"> {
  readonly guildId: string | undefined;
  readonly credential: MemberCredential;
  /**
   * Which stored credential this is: opaque, and different after every store (the sealed text has a fresh
   * nonce), so a later write can tell whether the credential it read is still the stored one.
   */
  readonly credentialVersion: string;
}

/** Whose link; `guildId` undefined names the personal link (docs/architecture.md, "Personal links"). */
export interface MemberKey {
  readonly guildId: string | undefined;
  readonly userId: string;
}

/** A server link's key. */
export interface ServerMemberKey extends MemberKey {
  readonly guildId: string;
}

export interface MemberLinkInput extends MemberKey {
  readonly platformUserId: string;
  readonly platformUsername: string;
  readonly credentialKind: CredentialKind;
  readonly credential: MemberCredential;
  readonly now: number;
}

function credentialAssociatedData({ guildId, userId }: ServerMemberKey): string {
  return `member_links:${guildId}:${userId}:credential`;
}

/** The credential column, for re-sealing under the current key (sealed-column.ts). */
export const sealedMemberCredentials = describeSealedColumn({
  table: "member_links",
  key: "id",
  column: "credential",
  associatedData: (row) => credentialAssociatedData({ guildId: row.guild_id, userId: row.user_id }),
});

/** Creates the link, or replaces the account and credential of an existing one (a re-link). */
export async function saveMemberLink(
  db: Kysely<Database>,
  box: SecretBox,
  input: MemberLinkInput,
): Promise<MemberLink> {
  const { guildId } = input;
  if (guildId === undefined) return savePersonalLink(db, box, input);
  const changes = {
    platform_user_id: input.platformUserId,
    platform_username: input.platformUsername,
    credential_kind: input.credentialKind,
    ...credentialColumns(box, credentialAssociatedData({ guildId, userId: input.userId }), input.credential),
    status: "active" as const,
    updated_at: input.now,
  };
  const row = await db
    .insertInto("member_links")
    .values({
      id: createId(),
      guild_id: guildId,
      user_id: input.userId,
      created_at: input.now,
      ...changes,
    })
    .onConflict((conflict) => conflict.columns(["guild_id", "user_id"]).doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMemberLink(box, row);
}

/**
 * The credential the member's link holds, read in the transaction that replaces it (a re-link) so the caller can
 * revoke it once committed (docs/architecture.md, "Linking"). On PostgreSQL the row stays locked until the
 * transaction ends: a refresh stored meanwhile waits and then misses its compare-and-set, so what is read here
 * is what the re-link replaces. The member's link is held too while there is none yet (holdMemberLink), so of
 * two first links at once the second reads what the first stored. Undefined when the member has no link.
 */
export async function readCredentialToReplace(
  db: Kysely<Database>,
  box: SecretBox,
  key: MemberKey,
): Promise<ReplacedCredential | undefined> {
  await holdMemberLink(db, key);
  const { guildId } = key;
  if (guildId === undefined) return readPersonalCredentialToReplace(db, box, key.userId);
  const query = db
    .selectFrom("member_links")
    .select(["credential_kind", "credential", "platform_user_id"])
    .where("guild_id", "=", guildId)
    .where("user_id", "=", key.userId);
  const row = await (readDialect(db) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  return row === undefined
    ? undefined
    : openReplacedCredential(box, row, credentialAssociatedData({ guildId, userId: key.userId }));
}

/** Names the member links among PostgreSQL's advisory locks (their two-key form); any fixed number would do. */
const memberLinkLock = 7_316_002;

/**
 * Holds one member's server or personal link until the transaction ends, on PostgreSQL, whether it exists or
 * not. FOR UPDATE locks only a row there is: two first links of one member at once (two sign-ins, or a key
 * and a sign-in) would each read no link, and the second to commit would overwrite the first's credential
 * without reading it, so its OAuth tokens would never be revoked. Held before the read, the second waits for
 * the first to commit and then reads what it stored. SQLite runs one writer at a time already. A transaction
 * that also takes out the member's pending sign-ins holds this first, as `/unlink` does, so two never wait on
 * each other.
 */
export async function holdMemberLink(db: Kysely<Database>, key: MemberKey): Promise<void> {
  if (readDialect(db) !== "postgres") return;
  const name = `${key.guildId ?? "personal"}:${key.userId}`;
  await sql`select pg_advisory_xact_lock(${memberLinkLock}, hashtext(${name}))`.execute(db);
}

/**
 * The OAuth credentials of every link in the guild that still open (an API key is the member's to delete on the
 * platform): what the purge of a server queues for revocation (purge-guild-data.ts), read in its transaction.
 */
export async function listGuildOAuthCredentials(
  db: Kysely<Database>,
  box: SecretBox,
  guildId: string,
): Promise<MemberCredential[]> {
  const query = db
    .selectFrom("member_links")
    .select(["user_id", "credential_kind", "credential", "platform_user_id"])
    .where("guild_id", "=", guildId)
    .where("credential_kind", "=", "oauth");
  // Locked until the purge's delete, as /unlink locks its row: a refresh stored meanwhile waits and then misses
  // its compare-and-set, so the tokens queued are the ones deleted.
  const rows = await (readDialect(db) === "postgres" ? query.forUpdate() : query).execute();
  return rows.flatMap((row) => {
    const { credential } = openReplacedCredential(
      box,
      row,
      credentialAssociatedData({ guildId, userId: row.user_id }),
    );
    return credential === undefined ? [] : [credential];
  });
}

export async function findMemberLink(
  db: Kysely<Database>,
  box: SecretBox,
  key: MemberKey,
): Promise<MemberLink | undefined> {
  if (key.guildId === undefined) return findPersonalLink(db, box, key.userId);
  const row = await db
    .selectFrom("member_links")
    .selectAll()
    .where("guild_id", "=", key.guildId)
    .where("user_id", "=", key.userId)
    .executeTakeFirst();
  return row === undefined ? undefined : toMemberLink(box, row);
}

/**
 * Stores a refreshed credential (before the new refresh token is used, docs/architecture.md, "Linking"), only
 * while the credential it was refreshed from is still the stored one: a refresh that finishes after the member
 * linked again or unlinked changes nothing. Undefined when the link is gone or holds another credential.
 */
export async function updateMemberCredential(
  db: Kysely<Database>,
  box: SecretBox,
  input: MemberKey & {
    /** The `credentialVersion` of the link the refresh started from. */
    readonly credentialVersion: string;
    readonly credential: MemberCredential;
    readonly now: number;
  },
): Promise<MemberLink | undefined> {
  const { guildId } = input;
  if (guildId === undefined) return updatePersonalCredential(db, box, input);
  const row = await db
    .updateTable("member_links")
    .set({
      ...credentialColumns(
        box,
        credentialAssociatedData({ guildId, userId: input.userId }),
        input.credential,
      ),
      status: "active",
      updated_at: input.now,
    })
    .where("guild_id", "=", guildId)
    .where("user_id", "=", input.userId)
    .where("credential", "=", input.credentialVersion)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toMemberLink(box, row);
}

/**
 * After `invalid_grant`: the member must link again. Marks only while the credential that failed is still the
 * stored one: another instance may have refreshed and stored a new one meanwhile (docs/architecture.md,
 * "Linking"). False when the link is gone or holds another credential.
 */
export async function markLinkReauthNeeded(
  db: Kysely<Database>,
  failed: MemberKey & { readonly credentialVersion: string; readonly now: number },
): Promise<boolean> {
  if (failed.guildId === undefined) return markPersonalReauthNeeded(db, failed);
  const result = await db
    .updateTable("member_links")
    .set({ status: "reauth_needed", updated_at: failed.now })
    .where("guild_id", "=", failed.guildId)
    .where("user_id", "=", failed.userId)
    .where("credential", "=", failed.credentialVersion)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteMemberLink(db: Kysely<Database>, key: MemberKey): Promise<boolean> {
  if (key.guildId === undefined) return deletePersonalLink(db, key.userId);
  const result = await db
    .deleteFrom("member_links")
    .where("guild_id", "=", key.guildId)
    .where("user_id", "=", key.userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function toMemberLink(box: SecretBox, row: Selectable<MemberLinksTable>): MemberLink {
  const member = toLinkedMember(row);
  const opened = credentialSchema.parse(
    JSON.parse(box.open(row.credential, credentialAssociatedData(member))),
  );
  return { ...member, credential: opened, credentialVersion: row.credential };
}
