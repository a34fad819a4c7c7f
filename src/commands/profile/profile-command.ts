import { getCurrentUser } from "../../api/users.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { deferPublicAnswer } from "../../linking/require-linked-member.js";
import { findKnownMember } from "../rank/known-member.js";
import { rememberPlatformUser } from "../rank/remember-platform-user.js";
import { explainMissingOwnRecord, ownAccountMissing } from "../explain-missing-own-record.js";
import { profileCommand } from "./data.js";
import { openProfileEditor } from "./profile-edit.js";
import { renderMemberProfile, renderOwnProfile } from "./render-profile-card.js";
import { requireOtherMembersServer } from "../rank/known-member.js";

/** `/profile view [member] [public]` and `/profile edit` (docs/architecture.md, "Commands"). */
export const profile = defineCommand<BotDependencies, typeof profileCommand>({
  data: profileCommand,
  // The edit form must be the first answer, so /profile edit is not deferred; a public view is deferred by the
  // handler, after the link check (docs/architecture.md, "Commands").
  acknowledge: (args) => (args.subcommand === "edit" || args.options.public === true ? "none" : "ephemeral"),
  async run(deps, { actor, args, responder }) {
    if (args.subcommand === "edit") {
      await openProfileEditor(deps, actor, responder);
      return;
    }
    const ephemeral = args.options.public !== true;
    const member = args.options.member;
    if (member !== undefined && member.id !== actor.userId) {
      const known = await findKnownMember(deps.db, {
        guildId: requireOtherMembersServer(actor),
        userId: member.id,
      });
      await responder.reply({ ...renderMemberProfile(known), ephemeral });
      return;
    }
    if (!ephemeral) await deferPublicAnswer(deps, actor, responder);
    const { link, credential } = await getMemberSession(deps, actor);
    const user = await getCurrentUser(deps.platform, credential).catch(
      explainMissingOwnRecord(ownAccountMissing),
    );
    await rememberPlatformUser(deps, {
      platformUserId: link.platformUserId,
      username: user.username,
      rating: user.rating,
      tier: user.tier,
    });
    await responder.reply({ ...renderOwnProfile(user, { showEmail: ephemeral }), ephemeral });
  },
});
