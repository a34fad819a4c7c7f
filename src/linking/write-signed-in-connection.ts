// The role connection of a member whose Linked Roles sign-in was just confirmed (docs/architecture.md, "Linked
// Roles"), written at once so the confirmation's page can say what their profile shows. The link's transaction
// queued that write leased to the confirmation (completeOAuthLink): once written here the row is finished, so
// the worker does not write the same change again. A write that fails gives the row back to the worker, due
// when Discord's or the platform's Retry-After ends, or at once (the worker's own backoff applies to the
// failures it meets then). Once Discord took the write, the database failing after it does not make the page
// say otherwise: the worker writes the row again, the same values, and records what the first could not.
import {
  finishRoleConnectionWrite,
  rescheduleRoleConnectionWrite,
} from "../store/role-connection-write-leases.js";
import type { HeldRoleConnectionWrite } from "../store/role-connection-writes.js";
import type { LinkedRolesSettings } from "./linked-roles-settings.js";
import type { LinkingDeps } from "./linking-deps.js";
import {
  readUpdateRetryAfterMs,
  updateRoleConnection,
  type RoleConnectionUpdate,
} from "./update-role-connection.js";
import { UnrecordedRoleConnectionError } from "./write-role-connection.js";

export async function writeSignedInConnection(
  deps: LinkingDeps,
  settings: LinkedRolesSettings,
  input: { readonly userId: string; readonly held: HeldRoleConnectionWrite | undefined },
): Promise<RoleConnectionUpdate> {
  const { userId, held } = input;
  let update: RoleConnectionUpdate;
  try {
    update = await updateRoleConnection(deps, settings, userId);
  } catch (error) {
    // Discord shows it; the database just failed, so the row is not given back through it (the page would wait
    // out its busy timeout once more): the lease ends on its own, and the worker's write records the account.
    if (error instanceof UnrecordedRoleConnectionError) {
      deps.logger.warn({ userId, err: error }, "Linked Roles connection written but not recorded");
      return { ok: true, platformUsername: error.platformUsername };
    }
    if (held !== undefined) await giveBack(deps, userId, held, error);
    throw error;
  }
  if (held !== undefined) await finish(deps, userId, held);
  return update;
}

/**
 * The held row done. Not finished when a newer change came meanwhile: the row, given back, is the worker's,
 * woken for it. Discord already shows this write, so a database that cannot finish the row does not undo it:
 * the lease ends on its own and the worker writes the same values once more.
 */
async function finish(deps: LinkingDeps, userId: string, held: HeldRoleConnectionWrite): Promise<void> {
  let finished: boolean;
  try {
    finished = await finishRoleConnectionWrite(deps.db, { userId, ...held });
  } catch (error) {
    deps.logger.warn(
      { userId, err: error },
      "could not finish the Linked Roles write; the worker writes it again when its lease ends",
    );
    return;
  }
  if (!finished) deps.wakeRoleConnectionWorker?.();
}

/**
 * The held row for the worker, due when the failure's Retry-After ends (at once without one), the worker
 * woken to take it. If even that fails (the database), the lease ends on its own and the worker takes the row
 * then.
 */
async function giveBack(
  deps: LinkingDeps,
  userId: string,
  held: HeldRoleConnectionWrite,
  failure: unknown,
): Promise<void> {
  const now = deps.clock.now();
  await rescheduleRoleConnectionWrite(deps.db, {
    userId,
    owner: held.owner,
    nextAttemptAt: now + (readUpdateRetryAfterMs(failure) ?? 0),
    error: "the sign-in's own write failed",
    countAttempt: false,
    now,
  }).catch((error: unknown) => {
    deps.logger.warn({ userId, err: error }, "could not give the Linked Roles write back to the worker");
  });
  deps.wakeRoleConnectionWorker?.();
}
