// Every secret a rotation retired, not only the last one (src/store/database.ts documents the columns). The
// platform retries a delivery with the secret it signed it with, so a second rotation must not drop the first
// one's secret. An endpoint's previous secret moves here still sealed: the store opens every retired secret with
// the associated data it was sealed with, `webhook_endpoints:<endpoint id>:previous_secret`.
import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

/** The grace the previous secret had: it was retired this long before it expired. */
const previousSecretGraceMs = 24 * 60 * 60 * 1000;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("webhook_retired_secrets")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("endpoint_id", "text", (col) =>
      col.notNull().references("webhook_endpoints.id").onDelete("cascade"),
    )
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("retired_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_retired_secrets_endpoint_index")
    .on("webhook_retired_secrets")
    .columns(["endpoint_id", "retired_at"])
    .execute();
  await sql`
    insert into webhook_retired_secrets (id, endpoint_id, secret, retired_at)
    select 'previous-' || id, id, previous_secret, previous_secret_expires_at - ${sql.lit(previousSecretGraceMs)}
    from webhook_endpoints
    where previous_secret is not null and previous_secret_expires_at is not null
  `.execute(db);
  await db.schema.alterTable("webhook_endpoints").dropColumn("previous_secret").execute();
  await db.schema.alterTable("webhook_endpoints").dropColumn("previous_secret_expires_at").execute();
}

/** Back to one previous secret per endpoint: the most recently retired one. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("webhook_endpoints").addColumn("previous_secret", "text").execute();
  await db.schema.alterTable("webhook_endpoints").addColumn("previous_secret_expires_at", "bigint").execute();
  await sql`
    update webhook_endpoints set
      previous_secret = (
        select r.secret from webhook_retired_secrets r where r.endpoint_id = webhook_endpoints.id
        order by r.retired_at desc, r.id desc limit 1
      ),
      previous_secret_expires_at = (
        select max(r.retired_at) + ${sql.lit(previousSecretGraceMs)} from webhook_retired_secrets r
        where r.endpoint_id = webhook_endpoints.id
      )
  `.execute(db);
  await db.schema.dropTable("webhook_retired_secrets").execute();
}
