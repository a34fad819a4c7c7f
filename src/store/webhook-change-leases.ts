// One change to a server's platform webhook at a time (docs/architecture.md, "Managing the platform
// webhook"): a run of `/setup webhook register` or `rotate-secret` takes the server's lease before it reads
// the server's endpoints and gives it back once the platform answered and the endpoint is recorded. Two runs
// at once, on one instance or two, would each register a webhook, or each rotate the secret and leave the
// platform with the one the other retired. The lease ends by itself, on the lease clock, if its instance
// stops while holding it.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { releaseKeyedLease, takeKeyedLease } from "./leases.js";

export type WebhookChangeLease =
  | { readonly taken: true }
  | {
      readonly taken: false;
      /** When the run holding it began; undefined when it gave the lease back meanwhile. */
      readonly heldSince: number | undefined;
    };

/** Takes the server's lease for `owner` unless another run holds it. */
export async function takeWebhookChangeLease(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly owner: string; readonly now: number; readonly leaseMs: number },
): Promise<WebhookChangeLease> {
  const taken = await takeKeyedLease(db, {
    ...input,
    table: "webhook_change_leases",
    key: input.guildId,
    also: { started_at: input.now },
  });
  if (taken) return { taken: true };
  const holder = await db
    .selectFrom("webhook_change_leases")
    .select("started_at")
    .where("guild_id", "=", input.guildId)
    .executeTakeFirst();
  return { taken: false, heldSince: holder?.started_at };
}

/** Gives the lease back, if `owner` still holds it. */
export function releaseWebhookChangeLease(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly owner: string },
): Promise<void> {
  return releaseKeyedLease(db, { table: "webhook_change_leases", key: input.guildId, owner: input.owner });
}
