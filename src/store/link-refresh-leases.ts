// One OAuth token refresh at a time per link, across instances (docs/architecture.md, "Linking"): the refresh
// takes the link's lease before it reads the link and gives it back once the new tokens are stored or the
// refresh failed. Within one instance the single flight already joins callers; between instances, a platform
// that rotates refresh tokens would refuse the second refresh of the same token with invalid_grant. The lease
// ends by itself, on the lease clock, if its instance stops while holding it.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { isLeaseFree, takeLease } from "./leases.js";

/** Takes the link's lease for `owner`; false while another refresh holds it. */
export async function takeLinkRefreshLease(
  db: Kysely<Database>,
  input: { readonly linkKey: string; readonly owner: string; readonly now: number; readonly leaseMs: number },
): Promise<boolean> {
  const lease = takeLease(db, input);
  const result = await db
    .insertInto("link_refresh_leases")
    .values({ link_key: input.linkKey, ...lease })
    .onConflict((conflict) =>
      conflict
        .column("link_key")
        .doUpdateSet(lease)
        .where(isLeaseFree(db, { table: "link_refresh_leases", now: input.now })),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Gives the lease back, if `owner` still holds it. */
export async function releaseLinkRefreshLease(
  db: Kysely<Database>,
  input: { readonly linkKey: string; readonly owner: string },
): Promise<void> {
  await db
    .deleteFrom("link_refresh_leases")
    .where("link_key", "=", input.linkKey)
    .where("lease_owner", "=", input.owner)
    .execute();
}
