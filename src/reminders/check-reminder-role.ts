// Whether the reminder role still exists (docs/architecture.md, "Tournament reminders"), looked at with each
// read of a server's open tournaments: a role an admin deleted is recorded, the admins are told once, and the
// reminders are posted without the dead mention (src/announcements/reminder-post.ts) until the settings are saved.
import { Routes, type APIRole } from "discord-api-types/v10";
import {
  deletedRoleProblem,
  recordReminderRoleDeleted,
  type ReminderSettings,
} from "../store/reminder-settings.js";
import type { ReminderDeps } from "./reminder-deps.js";
import { tellAdminsReminderRoleRefused } from "./tell-admins-about-reminders.js";

/** Never throws: roles Discord cannot list now are looked at again at the next read. */
export async function checkReminderRole(deps: ReminderDeps, settings: ReminderSettings): Promise<void> {
  const { guildId, roleId } = settings;
  if (roleId === null || settings.roleProblem === deletedRoleProblem) return;
  try {
    const roles = (await deps.rest.get(Routes.guildRoles(guildId))) as readonly Pick<APIRole, "id">[];
    if (roles.some((role) => role.id === roleId)) return;
    if (!(await recordReminderRoleDeleted(deps.db, { guildId, roleId, now: deps.clock.now() }))) return;
    deps.logger.warn(
      { guildId, roleId },
      "the tournament reminder role was deleted; reminders ping nobody now",
    );
    await tellAdminsReminderRoleRefused(deps, { guildId, roleId, refusal: { kind: "role-deleted" } });
  } catch (error) {
    deps.logger.warn(
      { guildId, err: error },
      "could not check the tournament reminder role; trying again later",
    );
  }
}
