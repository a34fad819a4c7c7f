// Platform webhooks registered by server admins (docs/architecture.md, "Managing the platform webhook"). Secrets are
// sealed with the endpoint id and column as associated data; a rotation keeps the old secret for a while.
import type { Kysely, Selectable } from "kysely";
import type { EventKind } from "../events/event-kinds.js";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database, WebhookEndpointsTable } from "./database.js";
import { createId } from "./ids.js";
import { parseEventKinds, toJsonText } from "./json-text.js";

export interface WebhookEndpoint {
  /** Names the endpoint in its URL: PUBLIC_URL/webhooks/platform/<id>. */
  readonly id: string;
  readonly guildId: string;
  readonly platformWebhookId: string | null;
  readonly secret: string;
  /** The secret a rotation replaced, still accepted until previousSecretExpiresAt. */
  readonly previousSecret: string | null;
  readonly previousSecretExpiresAt: number | null;
  readonly eventKinds: readonly EventKind[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

type SecretColumn = "secret" | "previous_secret";

function associatedData(endpointId: string, column: SecretColumn): string {
  return `webhook_endpoints:${endpointId}:${column}`;
}

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
      secret: box.seal(input.secret, associatedData(id, "secret")),
      event_kinds: toJsonText(input.eventKinds),
      created_at: input.now,
      updated_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWebhookEndpoint(box, row);
}

/** The endpoint a delivery was addressed to, with its secrets opened for signature checks. */
export async function findWebhookEndpoint(
  db: Kysely<Database>,
  box: SecretBox,
  id: string,
): Promise<WebhookEndpoint | undefined> {
  const row = await db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
  return row === undefined ? undefined : toWebhookEndpoint(box, row);
}

export async function listGuildWebhookEndpoints(
  db: Kysely<Database>,
  box: SecretBox,
  guildId: string,
): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .where("guild_id", "=", guildId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => toWebhookEndpoint(box, row));
}

/** Records the platform's id once `POST /api/v1/webhooks` answered; false when the endpoint is gone. */
export async function savePlatformWebhookId(
  db: Kysely<Database>,
  input: { readonly id: string; readonly platformWebhookId: string; readonly now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_endpoints")
    .set({ platform_webhook_id: input.platformWebhookId, updated_at: input.now })
    .where("id", "=", input.id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Installs a new secret and keeps the current one as the previous secret until `previousSecretExpiresAt`,
 * so deliveries already signed with it still verify (docs/architecture.md, "Webhooks in" step 1). The update only applies if the
 * secret is still the one read, so two rotations at once cannot lose a secret; the loser reads again.
 */
export async function rotateWebhookSecret(
  db: Kysely<Database>,
  box: SecretBox,
  input: {
    readonly id: string;
    readonly newSecret: string;
    readonly previousSecretExpiresAt: number;
    readonly now: number;
  },
): Promise<WebhookEndpoint | undefined> {
  for (;;) {
    const current = await db
      .selectFrom("webhook_endpoints")
      .select("secret")
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (current === undefined) return undefined;
    const previousSecret = box.open(current.secret, associatedData(input.id, "secret"));
    const row = await db
      .updateTable("webhook_endpoints")
      .set({
        secret: box.seal(input.newSecret, associatedData(input.id, "secret")),
        previous_secret: box.seal(previousSecret, associatedData(input.id, "previous_secret")),
        previous_secret_expires_at: input.previousSecretExpiresAt,
        updated_at: input.now,
      })
      .where("id", "=", input.id)
      .where("secret", "=", current.secret)
      .returningAll()
      .executeTakeFirst();
    if (row !== undefined) return toWebhookEndpoint(box, row);
  }
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

function toWebhookEndpoint(box: SecretBox, row: Selectable<WebhookEndpointsTable>): WebhookEndpoint {
  return {
    id: row.id,
    guildId: row.guild_id,
    platformWebhookId: row.platform_webhook_id,
    secret: box.open(row.secret, associatedData(row.id, "secret")),
    previousSecret:
      row.previous_secret === null
        ? null
        : box.open(row.previous_secret, associatedData(row.id, "previous_secret")),
    previousSecretExpiresAt: row.previous_secret_expires_at,
    eventKinds: parseEventKinds(row.event_kinds),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
