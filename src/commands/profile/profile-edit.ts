import { PlatformError } from "../../api/errors.js";
import type { PlatformUser, ProfileUpdate, ProfileUpdateResult } from "../../api/schemas/user.js";
import { getCurrentUser, updateCurrentUser } from "../../api/users.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { Actor, ModalHandler } from "../../discord/interaction-handlers.js";
import { withRequestId } from "../../discord/describe-platform-error.js";
import { withFormGivenBack, type FormText } from "../../discord/give-back-form.js";
import type { InteractionResponder } from "../../discord/interaction-responder.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { withinBudget } from "../../discord/within-budget.js";
import type { LinkingDeps } from "../../linking/linking-deps.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { requireLinkedMember } from "../../linking/require-linked-member.js";
import { explainMissingOwnRecord, ownAccountMissing } from "../explain-missing-own-record.js";
import { rememberPlatformUser } from "../rank/remember-platform-user.js";
import { buildProfileEditModal, profileEditModalId } from "./profile-edit-modal.js";
import { profileFieldIds, profileFieldLabels } from "./profile-fields.js";
import { readOpenedForm } from "./profile-form-fingerprints.js";
import { readProfileUpdate } from "./read-profile-update.js";
import { renderProfileUpdated } from "./render-profile-updated.js";

/**
 * How long opening the form waits for the profile, the member's token refresh included. A modal must be the
 * first answer, within Discord's 3 s (docs/architecture.md, "Commands", "The 3-second deadline"); the rest is
 * the margin for the answer itself.
 */
const profileReadBudgetMs = 2_000;

/**
 * `/profile edit`: opens the form filled with the member's current profile from GET /users/me, or empty when
 * the platform (or its token endpoint, refreshing the member's token first) is too slow to answer first
 * (docs/platform-assumptions.md, "Profile fields"). An unlinked member is told before typing anything.
 */
export async function openProfileEditor(
  deps: LinkingDeps,
  actor: Actor,
  responder: InteractionResponder,
): Promise<void> {
  await requireLinkedMember(deps, actor);
  const reading = getMemberSession(deps, actor)
    .then(({ credential }) => getCurrentUser(deps.platform, credential))
    .catch(explainMissingOwnRecord(ownAccountMissing));
  const user: PlatformUser | undefined = await withinBudget(reading, profileReadBudgetMs);
  await responder.showModal(buildProfileEditModal(user));
  // Late: the form opened empty. Still waited for, so a stop lets a refresh store the new token first; a
  // failure has nothing left to tell.
  if (user === undefined) await reading.catch(() => undefined);
}

/** The submitted form → PUT /users/me with the fields changed (docs/platform-assumptions.md, "Profile fields"). */
export const profileEditModal: ModalHandler<BotDependencies> = {
  prefix: profileEditModalId,
  async run(deps, { actor, params, fields, responder }) {
    const typed = typedForm(fields);
    let update: ProfileUpdate;
    try {
      update = readProfileUpdate(fields, readOpenedForm(params));
    } catch (error) {
      // Nothing to change is answered at once; a website refused comes back with what was typed, a file,
      // which is sent as an edit of a deferred reply.
      if (error instanceof UserFacingError && error.code === "nothing_to_change") throw error;
      await responder.defer({ ephemeral: true });
      throw withFormGivenBack(error, typed, deps.clock.now());
    }
    await responder.defer({ ephemeral: true });
    const updated = await applyUpdate(deps, actor, update).catch((error: unknown) => {
      throw withFormGivenBack(error, typed, deps.clock.now());
    });
    await rememberPlatformUser(deps, {
      platformUserId: updated.platformUserId,
      username: updated.result.user.username,
    });
    await responder.reply({ ...renderProfileUpdated(update, updated.result), ephemeral: true });
  },
};

async function applyUpdate(
  deps: BotDependencies,
  actor: Actor,
  update: ProfileUpdate,
): Promise<{ readonly platformUserId: string; readonly result: ProfileUpdateResult }> {
  const { link, credential } = await getMemberSession(deps, actor);
  const result = await updateCurrentUser(deps.platform, credential, update)
    .catch(explainRefusedChange)
    .catch(explainMissingOwnRecord(ownAccountMissing));
  if (!result.success) {
    throw new UserFacingError(
      "profile_not_updated",
      "The platform did not apply the change. Please try again.",
    );
  }
  return { platformUserId: link.platformUserId, result };
}

/**
 * What the member typed into the form, each field under its label, given back with an error: a sent form
 * cannot be reopened, and a bio typed again from memory is a bio lost (give-back-form.ts).
 */
function typedForm(fields: Readonly<Record<string, string>>): FormText {
  const text = profileFieldIds
    .map((id) => [profileFieldLabels[id], fields[id]?.trim() ?? ""] as const)
    .filter(([, value]) => value !== "")
    .map(([label, value]) => `${label}:\n${value}\n`)
    .join("\n");
  return {
    name: "profile.txt",
    text,
    note: "What you typed is attached: paste it into `/profile edit` to try again.",
  };
}

/**
 * PUT /users/me answered 409: the platform refused the change as it stands (a display name another account
 * has, say). The general "perhaps it was already done" would tell the member a refused change may have gone
 * through; nothing changed.
 */
function explainRefusedChange(error: unknown): never {
  if (error instanceof PlatformError && error.status === 409) {
    throw new UserFacingError(
      "profile_conflict",
      withRequestId(
        "The platform refused the change: it conflicts with your account as it is or with another account " +
          "(a display name already taken, say). Nothing was changed; run `/profile edit` again with other values.",
        error.requestId,
      ),
    );
  }
  throw error;
}
