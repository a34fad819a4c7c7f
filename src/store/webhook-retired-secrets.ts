// The secrets rotations replaced, each accepted for an hour after it was retired, the newest few only
// (docs/architecture.md, "Webhooks in" step 1). Sealed with the endpoint id as associated data, as the
// previous secret they replace was, so the migration that moved those here could copy them without opening
// them.
import type { Expression, ExpressionBuilder, Kysely } from "kysely";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database } from "./database.js";
import { createId } from "./ids.js";
import { describeSealedColumn } from "./sealed-column.js";

/**
 * How long a retired secret still verifies deliveries. The platform retries a failed delivery for 40 min 30 s
 * after its first try, signed as it was then (the platform's API reference, "Delivery and retries"); the rest
 * of the hour is a margin for a delivery that was already under way or late.
 */
export const retiredSecretAcceptanceMs = 60 * 60 * 1000;

/**
 * How many retired secrets an endpoint (and the operator's route, operator-webhook-secrets.ts) accepts at
 * most, the most recently retired. Each one accepted is an HMAC over the body (up to 256 KiB) for every
 * delivery to the endpoint's URL, signed or not, so it cannot be as many as an admin's rotations left:
 * rotating more often than this within a retry's 40 min 30 s loses the retries of the oldest.
 */
export const maxRetiredSecretsAccepted = 3;

export interface RetiredSecret {
  readonly secret: string;
  readonly retiredAt: number;
}

export function isRetiredSecretAccepted(retired: RetiredSecret, now: number): boolean {
  return now < retired.retiredAt + retiredSecretAcceptanceMs;
}

function associatedData(endpointId: string): string {
  return `webhook_endpoints:${endpointId}:previous_secret`;
}

/** The secret column, for re-sealing under the current key (sealed-column.ts). */
export const sealedRetiredSecrets = describeSealedColumn({
  table: "webhook_retired_secrets",
  key: "id",
  column: "secret",
  associatedData: (row) => associatedData(row.endpoint_id),
});

/**
 * Each endpoint's retired secrets still accepted at `now` (acceptedRetiredIds), newest first; endpoints with
 * none are absent. The others are not read, so not opened either.
 */
export async function listRetiredSecrets(
  db: Kysely<Database>,
  box: SecretBox,
  endpointIds: readonly string[],
  now: number,
): Promise<Map<string, RetiredSecret[]>> {
  const byEndpoint = new Map<string, RetiredSecret[]>();
  if (endpointIds.length === 0) return byEndpoint;
  const rows = await db
    .selectFrom("webhook_retired_secrets")
    .selectAll()
    .where("endpoint_id", "in", endpointIds)
    .where("id", "in", (eb) => acceptedRetiredIds(eb, eb.ref("webhook_retired_secrets.endpoint_id"), now))
    .orderBy("retired_at", "desc")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const list = byEndpoint.get(row.endpoint_id) ?? [];
    list.push({ secret: box.open(row.secret, associatedData(row.endpoint_id)), retiredAt: row.retired_at });
    byEndpoint.set(row.endpoint_id, list);
  }
  return byEndpoint;
}

/**
 * Keeps a secret a rotation replaced, and forgets the endpoint's retired secrets no longer accepted: those
 * past their hour, and those older than the newest maxRetiredSecretsAccepted, so rotations cannot grow the
 * table either.
 */
export async function retireSecret(
  db: Kysely<Database>,
  box: SecretBox,
  input: { readonly endpointId: string; readonly secret: string; readonly now: number },
): Promise<void> {
  await db
    .insertInto("webhook_retired_secrets")
    .values({
      id: createId(),
      endpoint_id: input.endpointId,
      secret: box.seal(input.secret, associatedData(input.endpointId)),
      retired_at: input.now,
    })
    .execute();
  await db
    .deleteFrom("webhook_retired_secrets")
    .where("endpoint_id", "=", input.endpointId)
    .where("id", "not in", (eb) => acceptedRetiredIds(eb, eb.val(input.endpointId), input.now))
    .execute();
}

/**
 * The ids of an endpoint's retired secrets accepted at `now`: retired within the hour, the newest
 * maxRetiredSecretsAccepted of those (ties by id, as listRetiredSecrets orders them).
 */
function acceptedRetiredIds(
  eb: ExpressionBuilder<Database, "webhook_retired_secrets">,
  endpointId: Expression<string>,
  now: number,
) {
  return eb
    .selectFrom("webhook_retired_secrets as newest")
    .select("newest.id")
    .where("newest.endpoint_id", "=", endpointId)
    .where("newest.retired_at", ">", now - retiredSecretAcceptanceMs)
    .orderBy("newest.retired_at", "desc")
    .orderBy("newest.id")
    .limit(maxRetiredSecretsAccepted);
}

/** The secret a rotation retired at `retiredAt`, opened; undefined when it is gone (pruned). */
export async function findRetiredSecret(
  db: Kysely<Database>,
  box: SecretBox,
  key: { readonly endpointId: string; readonly retiredAt: number },
): Promise<string | undefined> {
  const row = await db
    .selectFrom("webhook_retired_secrets")
    .select("secret")
    .where("endpoint_id", "=", key.endpointId)
    .where("retired_at", "=", key.retiredAt)
    .orderBy("id")
    .executeTakeFirst();
  return row === undefined ? undefined : box.open(row.secret, associatedData(key.endpointId));
}

/** Forgets what a rotation retired at `retiredAt`: that secret is the endpoint's current one again. */
export async function unretireSecret(
  db: Kysely<Database>,
  key: { readonly endpointId: string; readonly retiredAt: number },
): Promise<void> {
  await db
    .deleteFrom("webhook_retired_secrets")
    .where("endpoint_id", "=", key.endpointId)
    .where("retired_at", "=", key.retiredAt)
    .execute();
}

/** Deletes every retired secret no longer accepted (the hourly clean-up); returns how many. */
export async function pruneRetiredSecrets(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom("webhook_retired_secrets")
    .where("retired_at", "<=", now - retiredSecretAcceptanceMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
