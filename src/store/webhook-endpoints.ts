// Platform webhooks registered by server admins (docs/architecture.md, "Managing the platform webhook").
// Secrets are sealed with the endpoint id and column as associated data; a rotation retires the old secret,
// which stays accepted for a while, as do the few retired just before it (webhook-retired-secrets.ts).
import type { Kysely, Selectable } from "kysely";
import type { EventKind } from "../events/event-kinds.js";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database, WebhookEndpointsTable } from "./database.js";
import { createId } from "./ids.js";
import { parseEventKinds, toJsonText } from "./json-text.js";
import { describeSealedColumn } from "./sealed-column.js";
import {
  findRetiredSecret,
  listRetiredSecrets,
  retireSecret,
  unretireSecret,
  type RetiredSecret,
} from "./webhook-retired-secrets.js";

export interface WebhookEndpoint {
  /** Names the endpoint in its URL: PUBLIC_URL/webhooks/platform/<id>. */
  readonly id: string;
  readonly guildId: string;
  readonly platformWebhookId: string | null;
  readonly secret: string;
  /**
   * The secrets rotations replaced that were still accepted when read, newest first, at most
   * maxRetiredSecretsAccepted (webhook-retired-secrets.ts); one may have passed its hour since
   * (isRetiredSecretAccepted).
   */
  readonly retiredSecrets: readonly RetiredSecret[];
  readonly eventKinds: readonly EventKind[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

function associatedData(endpointId: string): string {
  return `webhook_endpoints:${endpointId}:secret`;
}

/** The secret column, for re-sealing under the current key (sealed-column.ts). */
export const sealedWebhookSecrets = describeSealedColumn({
  table: "webhook_endpoints",
  key: "id",
  column: "secret",
  associatedData: (row) => associatedData(row.id),
});

export async function createWebhookEndpoint(
  db: Kysely<Database>,
  box: SecretBox,
  input: {
    readonly guildId: string;
    readonly secret: string;
    readonly eventKinds: readonly EventKind[];
    readonly now: number;
  },
): Promise<WebhookEndpoint> {
  const id = createId();
  const row = await db
    .insertInto("webhook_endpoints")
    .values({
      id,
      guild_id: input.guildId,
      secret: box.seal(input.secret, associatedData(id)),
      event_kinds: toJsonText(input.eventKinds),
      created_at: input.now,
      updated_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWebhookEndpoint(box, row, []);
}

/**
 * The endpoint a delivery was addressed to, with its secrets opened for signature checks: the current one and
 * the retired ones accepted at `now`.
 */
export async function findWebhookEndpoint(
  db: Kysely<Database>,
  box: SecretBox,
  id: string,
  now: number,
): Promise<WebhookEndpoint | undefined> {
  const row = await db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
  if (row === undefined) return undefined;
  const retired = await listRetiredSecrets(db, box, [id], now);
  return toWebhookEndpoint(box, row, retired.get(id) ?? []);
}

/** A guild's endpoints, each with its retired secrets accepted at `now`. */
export async function listGuildWebhookEndpoints(
  db: Kysely<Database>,
  box: SecretBox,
  guildId: string,
  now: number,
): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where("guild_id", "=", guildId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const retired = await listRetiredSecrets(
    db,
    box,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => toWebhookEndpoint(box, row, retired.get(row.id) ?? []));
}

/**
 * Records the platform's id once `POST /api/v1/webhooks` answered, and the kinds when the platform confirmed
 * new ones (a registration or an update); false when the endpoint is gone.
 */
export async function savePlatformWebhookId(
  db: Kysely<Database>,
  input: {
    readonly id: string;
    readonly platformWebhookId: string;
    readonly eventKinds?: readonly EventKind[];
    readonly now: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_endpoints")
    .set({
      platform_webhook_id: input.platformWebhookId,
      ...(input.eventKinds === undefined ? {} : { event_kinds: toJsonText(input.eventKinds) }),
      updated_at: input.now,
    })
    .where("id", "=", input.id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Installs a new secret and retires the current one, so deliveries already signed with it still verify
 * (docs/architecture.md, "Webhooks in" step 1). The update only applies if the secret is still the one read,
 * so two rotations at once cannot lose a secret; the loser reads again.
 */
export async function rotateWebhookSecret(
  db: Kysely<Database>,
  box: SecretBox,
  input: { readonly id: string; readonly newSecret: string; readonly now: number },
): Promise<WebhookEndpoint | undefined> {
  const rotated = await db.transaction().execute(async (trx) => {
    for (;;) {
      const current = await trx
        .selectFrom("webhook_endpoints")
        .select("secret")
        .where("id", "=", input.id)
        .executeTakeFirst();
      if (current === undefined) return false;
      const result = await trx
        .updateTable("webhook_endpoints")
        .set({ secret: box.seal(input.newSecret, associatedData(input.id)), updated_at: input.now })
        .where("id", "=", input.id)
        .where("secret", "=", current.secret)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) continue;
      const secret = box.open(current.secret, associatedData(input.id));
      await retireSecret(trx, box, { endpointId: input.id, secret, now: input.now });
      return true;
    }
  });
  return rotated ? findWebhookEndpoint(db, box, input.id, input.now) : undefined;
}

/**
 * Undoes a rotation the platform refused: the secret it retired at `rotatedAt` is current again, and the
 * refused one is dropped, since the platform never signed with it. Only while the refused secret is still the
 * current one: a rotation made since (another admin's, which the platform took) stands, and the secret it
 * retired stays retired. Returns whether it was undone.
 */
export async function restoreWebhookSecret(
  db: Kysely<Database>,
  box: SecretBox,
  input: { readonly id: string; readonly refused: string; readonly rotatedAt: number; readonly now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("webhook_endpoints")
      .select("secret")
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (current === undefined || box.open(current.secret, associatedData(input.id)) !== input.refused)
      return false;
    const replaced = await findRetiredSecret(trx, box, { endpointId: input.id, retiredAt: input.rotatedAt });
    if (replaced === undefined) return false;
    const restored = await trx
      .updateTable("webhook_endpoints")
      .set({ secret: box.seal(replaced, associatedData(input.id)), updated_at: input.now })
      .where("id", "=", input.id)
      // Compared as stored: a rotation committed since this read leaves it as that rotation made it.
      .where("secret", "=", current.secret)
      .executeTakeFirst();
    if (restored.numUpdatedRows === 0n) return false;
    await unretireSecret(trx, { endpointId: input.id, retiredAt: input.rotatedAt });
    return true;
  });
}

export async function deleteWebhookEndpoint(
  db: Kysely<Database>,
  key: { readonly guildId: string; readonly id: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom("webhook_endpoints")
    .where("guild_id", "=", key.guildId)
    .where("id", "=", key.id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function toWebhookEndpoint(
  box: SecretBox,
  row: Selectable<WebhookEndpointsTable>,
  retiredSecrets: readonly RetiredSecret[],
): WebhookEndpoint {
  return {
    id: row.id,
    guildId: row.guild_id,
    platformWebhookId: row.platform_webhook_id,
    secret: box.open(row.secret, associatedData(row.id)),
    retiredSecrets,
    eventKinds: parseEventKinds(row.event_kinds),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
