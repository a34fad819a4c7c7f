// team.member_joined: who joined which team, as what; the new member is pinged
// (docs/architecture.md, "Rendering").
import type { PlatformEventOf } from "../events/index.js";
import type { Announcement } from "./announcement.js";
import { announcementColours, compactFields, eventStamp } from "./announcement-style.js";
import { formatPresentText } from "./display-text.js";
import { nameUser, type RenderContext } from "./render-context.js";

export function renderTeamMemberJoined(
  event: PlatformEventOf<"team.member_joined">,
  context: RenderContext,
): Announcement {
  const { data } = event;
  const team = formatPresentText(data.teamName) ?? "a team";
  const who = data.user === undefined ? "A new member" : nameUser(data.user, context);
  const role = formatPresentText(data.role);
  return {
    embed: {
      title: `👋 New member in ${team}`,
      description: `${who} joined **${team}**${role === undefined ? "" : ` as ${role}`}.`,
      color: announcementColours.team,
      fields: compactFields([
        { name: "Members", value: data.members === undefined ? undefined : String(data.members) },
      ]),
      ...eventStamp(event, `Team ${data.teamId}`),
    },
    ping: data.user === undefined ? [] : [data.user.id],
  };
}
