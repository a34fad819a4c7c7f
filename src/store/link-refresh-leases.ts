// One OAuth token refresh at a time per link, across instances (docs/architecture.md, "Linking"): the refresh
// takes the link's lease before it reads the link and gives it back once the new tokens are stored or the
// refresh failed. Within one instance the single flight already joins callers; between instances, a platform
// that rotates refresh tokens would refuse the second refresh of the same token with invalid_grant. The lease
// ends by itself, on the lease clock, if its instance stops while holding it.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { releaseKeyedLease, takeKeyedLease } from "./leases.js";

/** Takes the link's lease for `owner`; false while another refresh holds it. */
export function takeLinkRefreshLease(
  db: Kysely<Database>,
  input: { readonly linkKey: string; readonly owner: string; readonly now: number; readonly leaseMs: number },
): Promise<boolean> {
  return takeKeyedLease(db, { ...input, table: "link_refresh_leases", key: input.linkKey });
}

/** Gives the lease back, if `owner` still holds it. */
export function releaseLinkRefreshLease(
  db: Kysely<Database>,
  input: { readonly linkKey: string; readonly owner: string },
): Promise<void> {
  return releaseKeyedLease(db, { table: "link_refresh_leases", key: input.linkKey, owner: input.owner });
}
