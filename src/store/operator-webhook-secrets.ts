// The operator's webhook secrets (docs/architecture.md, "Webhooks in" step 1): the PLATFORM_WEBHOOK_SECRET the
// bot last ran with, and those a restart with another one retired. The platform keeps retrying a delivery
// with the secret it first signed it with, so a changed secret retires the previous one, accepted as a server
// endpoint's rotated secret is: for an hour, the newest maxRetiredSecretsAccepted only
// (webhook-retired-secrets.ts). Every secret is stored sealed.
import type { Kysely } from "kysely";
import { SecretDecryptionError, type SecretBox } from "../secrets/secret-box.js";
import type { Database } from "./database.js";
import { createId } from "./ids.js";
import { describeSealedColumn } from "./sealed-column.js";
import {
  maxRetiredSecretsAccepted,
  retiredSecretAcceptanceMs,
  type RetiredSecret,
} from "./webhook-retired-secrets.js";

/** What the operator's route accepts, in the shape of an endpoint's secrets (receive-delivery.ts). */
export interface OperatorWebhookSecrets {
  readonly secret: string;
  /**
   * Newest first, at most maxRetiredSecretsAccepted, each accepted until an hour after it was retired
   * (isRetiredSecretAccepted).
   */
  readonly retiredSecrets: readonly RetiredSecret[];
}

function associatedData(id: string): string {
  return `operator_webhook_secrets:${id}:secret`;
}

/** The secret column, for re-sealing under the current key (sealed-column.ts). */
export const sealedOperatorWebhookSecrets = describeSealedColumn({
  table: "operator_webhook_secrets",
  key: "id",
  column: "secret",
  associatedData: (row) => associatedData(row.id),
});

/**
 * At start: `secret` (PLATFORM_WEBHOOK_SECRET, undefined when unset) becomes the one the bot runs with, and
 * any other the bot last ran with is retired now. Returns what the operator's route accepts (undefined when
 * unset: the route is off) and how many secrets this retired. Each retirement is a compare-and-set: an
 * instance that finds a secret already retired by another starting at the same time reads again, and finds
 * the new one recorded.
 */
export async function recordOperatorWebhookSecret(
  db: Kysely<Database>,
  box: SecretBox,
  input: { readonly secret: string | undefined; readonly now: number },
): Promise<{ accepted: OperatorWebhookSecrets | undefined; retiredNow: number }> {
  return db.transaction().execute(async (trx) => {
    let retiredNow = 0;
    let recorded = false;
    for (let readAgain = true; readAgain;) {
      readAgain = false;
      recorded = false;
      const current = await trx
        .selectFrom("operator_webhook_secrets")
        .selectAll()
        .where("retired_at", "is", null)
        .execute();
      for (const row of current) {
        if (input.secret !== undefined && openOrUndefined(box, row) === input.secret) {
          recorded = true;
          continue;
        }
        const result = await trx
          .updateTable("operator_webhook_secrets")
          .set({ retired_at: input.now })
          .where("id", "=", row.id)
          .where("retired_at", "is", null)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) readAgain = true;
        else retiredNow += 1;
      }
    }
    if (input.secret !== undefined && !recorded) {
      const id = createId();
      await trx
        .insertInto("operator_webhook_secrets")
        .values({ id, secret: box.seal(input.secret, associatedData(id)), created_at: input.now })
        .execute();
    }
    await forgetUnacceptedOperatorSecrets(trx, input.now);
    if (input.secret === undefined) return { accepted: undefined, retiredNow };
    return {
      accepted: { secret: input.secret, retiredSecrets: await listRetired(trx, box, input.now) },
      retiredNow,
    };
  });
}

/** Deletes every retired operator secret no longer accepted (the hourly clean-up); returns how many. */
export async function pruneRetiredOperatorSecrets(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom("operator_webhook_secrets")
    .where("retired_at", "<=", now - retiredSecretAcceptanceMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes every retired operator secret not accepted at `now`: past its hour, or older than the newest
 * maxRetiredSecretsAccepted: restarts with one new secret after another cannot grow what a delivery is checked
 * against.
 */
async function forgetUnacceptedOperatorSecrets(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom("operator_webhook_secrets")
    .where("retired_at", "is not", null)
    .where("id", "not in", acceptedRetired(db, now).select("id"))
    .execute();
}

/** The retired operator secrets accepted at `now`: within their hour, the newest maxRetiredSecretsAccepted. */
function acceptedRetired(db: Kysely<Database>, now: number) {
  return db
    .selectFrom("operator_webhook_secrets")
    .where("retired_at", ">", now - retiredSecretAcceptanceMs)
    .orderBy("retired_at", "desc")
    .orderBy("id")
    .limit(maxRetiredSecretsAccepted);
}

async function listRetired(db: Kysely<Database>, box: SecretBox, now: number): Promise<RetiredSecret[]> {
  const rows = await acceptedRetired(db, now).selectAll().execute();
  return rows.flatMap((row) => {
    const secret = openOrUndefined(box, row);
    return secret === undefined || row.retired_at === null ? [] : [{ secret, retiredAt: row.retired_at }];
  });
}

/**
 * A secret sealed with a key no longer in ENCRYPTION_KEYS is one the bot cannot compare or verify with, but
 * it must not stop the bot from starting: it is retired or left out, and the start-up re-sealing reports it
 * (docs/operations.md, "Rotating and retiring an encryption key").
 */
function openOrUndefined(box: SecretBox, row: { readonly id: string; readonly secret: string }) {
  try {
    return box.open(row.secret, associatedData(row.id));
  } catch (error) {
    if (error instanceof SecretDecryptionError) return undefined;
    throw error;
  }
}
