// The /team replies that show platform text, rendered with a hostile string in every text field the
// platform fills: whatever the platform sends, the reply shows it as text (docs/architecture.md, "The rules
// the code keeps", "Platform text is inert").
import { renderInvitation, renderInvitationNotice } from "../../src/commands/team/render-invitation.js";
import { renderCreatedTeam } from "../../src/commands/team/render-team.js";
import { at, type HostileRenderer, testRepliesShowTextAsText } from "./support/hostile-replies.js";

/** Each renderer given `text` in every field the platform (or a member's platform account) fills. */
const renderers: readonly HostileRenderer[] = [
  [
    "team created",
    (text) =>
      renderCreatedTeam({
        id: text,
        name: text,
        description: text,
        owner: { id: text, username: text },
        members: 1,
        maxMembers: 5,
        isPublic: true,
        createdAt: at,
      }),
  ],
  [
    "team invitation",
    (text) =>
      renderInvitation({
        invitation: { id: text, teamId: text, inviteeId: text, role: text, status: text, sentAt: at },
        invitee: { username: text, memberId: "300" },
        teamName: text,
        inviterId: "200",
      }),
  ],
  [
    "team invitation notice",
    (text) =>
      renderInvitationNotice({
        invitation: { id: text, teamId: text, inviteeId: text, role: text, status: text, sentAt: at },
        invitee: { username: text, memberId: "300" },
        teamName: text,
        inviterId: "200",
      }) ?? {},
  ],
];

testRepliesShowTextAsText(renderers);
