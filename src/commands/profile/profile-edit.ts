import { updateCurrentUser } from "../../api/users.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { Actor, ModalHandler } from "../../discord/interaction-handlers.js";
import type { InteractionResponder } from "../../discord/interaction-responder.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { notLinkedError, reauthNeededError } from "../../linking/link-errors.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { findMemberLink } from "../../store/member-links.js";
import { rememberPlatformUser } from "../rank/remember-platform-user.js";
import { buildProfileEditModal, profileEditModalId } from "./profile-edit-modal.js";
import { readProfileUpdate } from "./read-profile-update.js";
import { renderProfileUpdated } from "./render-profile-updated.js";

/**
 * `/profile edit`: opens the form at once (a modal must be the first answer). An unlinked member is told
 * before typing anything; the stored link is only read here, the platform is called on submit.
 */
export async function openProfileEditor(
  deps: BotDependencies,
  actor: Actor,
  responder: InteractionResponder,
): Promise<void> {
  const link = await findMemberLink(deps.db, deps.secretBox, actor);
  if (link === undefined) throw notLinkedError();
  if (link.status === "reauth_needed") throw reauthNeededError();
  await responder.showModal(buildProfileEditModal());
}

/** The submitted form → PUT /users/me with the fields filled in (docs/architecture.md, "Commands"). */
export const profileEditModal: ModalHandler<BotDependencies> = {
  prefix: profileEditModalId,
  async run(deps, { actor, fields, responder }) {
    // Checked before deferring, so a mistake is answered at once without a "thinking…" message.
    const update = readProfileUpdate(fields);
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
