// OAuth tokens the bot no longer uses, queued for revocation at their issuer (docs/architecture.md, "Linking"):
// queued in the transaction that drops them (an unlink, a re-link), so a crash after that commit cannot leave
// them valid, and claimed under a lease (claim-due-rows.ts) by whoever revokes them: the caller at once, else
// the revocation worker. A row goes once the issuer has answered. The token is sealed with associated data
// naming the row, so it is never plaintext in the database.
import { randomBytes } from "node:crypto";
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import { z } from "zod";
import type { SecretBox } from "../secrets/secret-box.js";
import { claimDueRows } from "./claim-due-rows.js";
import type { Database } from "./database.js";
import { isLeaseFree, readNextLeaseEnd, takeLease } from "./leases.js";
import type { TokenRevocationsTable } from "./linking-tables.js";
import { describeSealedColumn, openOrUndefined } from "./sealed-column.js";

export type TokenIssuer = "platform" | "discord";

export interface TokenToRevoke {
  readonly token: string;
  readonly tokenTypeHint: "access_token" | "refresh_token";
}

export interface TokenRevocation {
  readonly id: string;
  readonly issuer: TokenIssuer;
  /** Undefined when no key of the ring opens it: it cannot be sent, and goes. */
  readonly token: TokenToRevoke | undefined;
  readonly guildId: string | undefined;
  readonly userId: string | undefined;
  readonly cause: string;
  readonly attempts: number;
}

const maxErrorLength = 1000;
const sealedTokenSchema = z.object({
  token: z.string(),
  tokenTypeHint: z.enum(["access_token", "refresh_token"]),
});

function associatedData(id: string): string {
  return `token_revocations:${id}:token`;
}

export const sealedRevocationTokens = describeSealedColumn({
  table: "token_revocations",
  key: "id",
  column: "token",
  associatedData: (row) => associatedData(row.id),
});

function openToken(box: SecretBox, row: Selectable<TokenRevocationsTable>): TokenToRevoke | undefined {
  const opened = openOrUndefined(box, row.token, associatedData(row.id));
  return opened === undefined ? undefined : sealedTokenSchema.parse(JSON.parse(opened));
}

function toTokenRevocation(box: SecretBox, row: Selectable<TokenRevocationsTable>): TokenRevocation {
  return {
    id: row.id,
    issuer: row.issuer === "discord" ? "discord" : "platform",
    token: openToken(box, row),
    guildId: row.guild_id ?? undefined,
    userId: row.user_id ?? undefined,
    cause: row.cause,
    attempts: row.attempts,
  };
}

/**
 * What revokes an OAuth credential: its refresh token when it has one, since revoking it ends its access tokens
 * too (RFC 7009 §2.1), else its access token.
 */
export function tokenToRevokeOf(tokens: {
  readonly accessToken: string;
  readonly refreshToken?: string | undefined;
}): TokenToRevoke {
  return tokens.refreshToken === undefined
    ? { token: tokens.accessToken, tokenTypeHint: "access_token" }
    : { token: tokens.refreshToken, tokenTypeHint: "refresh_token" };
}

/** Queues one token, due now; returns the row's id, for the caller to try it at once once committed. */
export async function queueTokenRevocation(
  db: Kysely<Database>,
  box: SecretBox,
  input: TokenToRevoke & {
    readonly issuer: TokenIssuer;
    readonly guildId: string | undefined;
    readonly userId: string | undefined;
    readonly cause: string;
    readonly now: number;
  },
): Promise<string> {
  const id = randomBytes(16).toString("hex");
  const sealed = JSON.stringify({ token: input.token, tokenTypeHint: input.tokenTypeHint });
  await db
    .insertInto("token_revocations")
    .values({
      id,
      issuer: input.issuer,
      token: box.seal(sealed, associatedData(id)),
      guild_id: input.guildId ?? null,
      user_id: input.userId ?? null,
      cause: input.cause,
      next_attempt_at: input.now,
      created_at: input.now,
    })
    .execute();
  return id;
}

/**
 * The purge of a server the bot left (purge-guild-data.ts): its queued revocations stay, since the tokens must
 * still be revoked, but no longer name the server or its members.
 */
export async function forgetGuildOfTokenRevocations(db: Kysely<Database>, guildId: string): Promise<number> {
  const result = await db
    .updateTable("token_revocations")
    .set({ guild_id: null, user_id: null })
    .where("guild_id", "=", guildId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

function isClaimable(db: Kysely<Database>, now: number, ids: readonly string[] | undefined) {
  return (eb: ExpressionBuilder<Database, "token_revocations">) =>
    eb.and([
      eb("next_attempt_at", "<=", now),
      isLeaseFree(db, { table: "token_revocations", now }),
      ...(ids === undefined ? [] : [eb("id", "in", ids)]),
    ]);
}

/**
 * Leases up to `limit` due rows to `owner`, oldest first, in one statement (claim-due-rows.ts); only those of
 * `ids` when given (the rows a caller just queued).
 */
export async function claimDueTokenRevocations(
  db: Kysely<Database>,
  box: SecretBox,
  input: {
    readonly owner: string;
    readonly now: number;
    readonly leaseMs: number;
    readonly limit: number;
    readonly ids?: readonly string[];
  },
): Promise<TokenRevocation[]> {
  if (input.ids?.length === 0) return [];
  const rows = await claimDueRows(db, {
    table: "token_revocations",
    key: ["id"],
    isClaimable: isClaimable(db, input.now, input.ids),
    orderBy: ["next_attempt_at", "id"],
    limit: input.limit,
    set: takeLease(db, input),
  });
  return rows.map((row) => toTokenRevocation(box, row));
}

/** Milliseconds until the first lease another owner holds ends (leases.ts). */
export async function readNextTokenRevocationLeaseEnd(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number; readonly claimedAt?: number | undefined },
): Promise<number | undefined> {
  return readNextLeaseEnd(db, {
    ...input,
    table: "token_revocations",
    isWaiting: (eb) => eb("attempts", ">=", 0),
  });
}

/** The issuer answered (or the token cannot be sent): the row goes. */
export async function finishTokenRevocation(
  db: Kysely<Database>,
  input: { readonly id: string; readonly owner: string },
): Promise<void> {
  await db
    .deleteFrom("token_revocations")
    .where("id", "=", input.id)
    .where("lease_owner", "=", input.owner)
    .execute();
}

/** Gives the row back until `nextAttemptAt`, counting the failure. */
export async function rescheduleTokenRevocation(
  db: Kysely<Database>,
  input: {
    readonly id: string;
    readonly owner: string;
    readonly nextAttemptAt: number;
    readonly error: string;
  },
): Promise<void> {
  await db
    .updateTable("token_revocations")
    .where("id", "=", input.id)
    .where("lease_owner", "=", input.owner)
    .set((eb) => ({
      next_attempt_at: input.nextAttemptAt,
      last_error: input.error.slice(0, maxErrorLength),
      attempts: eb("attempts", "+", 1),
      lease_owner: null,
      lease_expires_at: null,
    }))
    .execute();
}

/** The rows still queued, as stored (the token sealed), for tests and the operator. */
export async function listTokenRevocations(
  db: Kysely<Database>,
): Promise<Selectable<TokenRevocationsTable>[]> {
  return db.selectFrom("token_revocations").selectAll().orderBy("created_at").orderBy("id").execute();
}
