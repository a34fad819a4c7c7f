import { getCurrentUser, updateCurrentUser } from "../../api/users.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { Actor, ModalHandler } from "../../discord/interaction-handlers.js";
import type { InteractionResponder } from "../../discord/interaction-responder.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { rememberPlatformUser } from "../rank/remember-platform-user.js";
import { buildProfileEditModal, profileEditModalId } from "./profile-edit-modal.js";
import { readOpenedForm } from "./profile-form-fingerprints.js";
import { readProfileUpdate } from "./read-profile-update.js";
import { renderProfileUpdated } from "./render-profile-updated.js";

/**
 * `/profile edit`: opens the form filled with the member's current profile, read from GET /users/me (a modal
 * must be the first answer, so within Discord's 3 s). An unlinked member is told before typing anything.
 */
export async function openProfileEditor(
  deps: BotDependencies,
  actor: Actor,
  responder: InteractionResponder,
): Promise<void> {
  const { credential } = await getMemberSession(deps, actor);
  const user = await getCurrentUser(deps.platform, credential);
  await responder.showModal(buildProfileEditModal(user));
}

/** The submitted form → PUT /users/me with the fields changed (docs/platform-assumptions.md, "Profile fields"). */
export const profileEditModal: ModalHandler<BotDependencies> = {
  prefix: profileEditModalId,
  async run(deps, { actor, params, fields, responder }) {
    // Checked before deferring, so a mistake is answered at once without a "thinking…" message.
    const update = readProfileUpdate(fields, readOpenedForm(params));
    await responder.defer({ ephemeral: true });
    const { link, credential } = await getMemberSession(deps, actor);
    const result = await updateCurrentUser(deps.platform, credential, update);
    if (!result.success) {
      throw new UserFacingError(
        "profile_not_updated",
        "The platform did not apply the change. Please try again.",
      );
    }
    await rememberPlatformUser(deps, { platformUserId: link.platformUserId, username: result.user.username });
    await responder.reply({ ...renderProfileUpdated(update, result), ephemeral: true });
  },
};
