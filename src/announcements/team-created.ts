// team.created: a new team, its owner and how many seats it has (docs/architecture.md, "Rendering").
import type { PlatformEventOf } from "../events/index.js";
import type { Announcement } from "./announcement.js";
import { announcementColours, compactFields, eventStamp } from "./announcement-style.js";
import { formatPresentText } from "./display-text.js";
import { maxProseLength } from "../display/platform-text.js";
import { nameUser, type RenderContext } from "./render-context.js";
import { describeMemberCount } from "./team-details.js";

export function renderTeamCreated(
  event: PlatformEventOf<"team.created">,
  context: RenderContext,
): Announcement {
  const { data } = event;
  const name = formatPresentText(data.name) ?? "A new team";
  const about = formatPresentText(data.description, { maxLength: maxProseLength, multiline: true });
  const founder = data.owner === undefined ? "" : ` by ${nameUser(data.owner, context)}`;
  return {
    embed: {
      title: `👥 New team: ${name}`,
      description: `**${name}** was founded${founder}.${about === undefined ? "" : `\n\n${about}`}`,
      color: announcementColours.team,
      fields: compactFields([
        { name: "Members", value: describeMemberCount(data.members, data.maxMembers) },
        {
          name: "Visibility",
          value: data.isPublic === undefined ? undefined : data.isPublic ? "Public" : "Invite only",
        },
      ]),
      ...eventStamp(event, `Team ${data.teamId}`),
    },
  };
}
