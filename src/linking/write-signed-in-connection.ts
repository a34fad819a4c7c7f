// The role connection of a member whose Linked Roles sign-in was just confirmed (docs/architecture.md, "Linked
// Roles"), written at once so the confirmation's page can say what their profile shows. The link's transaction
// queued that write leased to the confirmation (completeOAuthLink): once written here the row is finished, so
// the worker does not write the same change again; a write that fails gives the row back to the worker, due
// now (the worker's own backoff applies to the failures it meets then).
import {
  finishRoleConnectionWrite,
  rescheduleRoleConnectionWrite,
  type HeldRoleConnectionWrite,
} from "../store/role-connection-writes.js";
import type { LinkedRolesSettings } from "./linked-roles-settings.js";
import type { LinkingDeps } from "./linking-deps.js";
import { updateRoleConnection, type RoleConnectionUpdate } from "./update-role-connection.js";

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
    if (held !== undefined) await giveBack(deps, userId, held);
    throw error;
  }
  // Not finished: a newer change came meanwhile, and the row, given back, is the worker's.
  if (held !== undefined && !(await finishRoleConnectionWrite(deps.db, { userId, ...held })))
    deps.wakeRoleConnectionWorker?.();
  return update;
}

/**
 * The held row, due now, for the worker, woken to take it. If even that fails (the database), the lease ends
 * on its own and the worker takes the row then.
 */
async function giveBack(deps: LinkingDeps, userId: string, held: HeldRoleConnectionWrite): Promise<void> {
  const now = deps.clock.now();
  await rescheduleRoleConnectionWrite(deps.db, {
    userId,
    owner: held.owner,
    nextAttemptAt: now,
    error: "the sign-in's own write failed",
    countAttempt: false,
    now,
  }).catch((error: unknown) => {
    deps.logger.warn({ userId, err: error }, "could not give the Linked Roles write back to the worker");
  });
  deps.wakeRoleConnectionWorker?.();
}
