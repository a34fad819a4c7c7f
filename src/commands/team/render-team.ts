import { maxProseLength, plainCode, plainText } from "../../display/platform-text.js";
import type { APIEmbedField } from "discord-api-types/v10";
import type { Team } from "../../api/index.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

function describeMembers({ members, maxMembers }: Team): string {
  if (members === undefined && maxMembers === undefined) return "—";
  return `${members ?? "?"}/${maxMembers ?? "∞"}`;
}

/** The answer to `/team create`: the team, and its id, which `/team invite` needs. */
export function renderCreatedTeam(team: Team): Reply {
  const fields: APIEmbedField[] = [
    { name: "Team id", value: plainCode(team.id), inline: true },
    { name: "Members", value: describeMembers(team), inline: true },
  ];
  if (team.isPublic !== undefined) {
    fields.push({ name: "Visibility", value: team.isPublic ? "Public" : "Private", inline: true });
  }
  if (team.owner !== undefined) {
    fields.push({ name: "Owner", value: plainText(team.owner.username), inline: true });
  }
  if (team.createdAt !== undefined) {
    fields.push({
      name: "Created",
      value: discordTimestamp(Date.parse(team.createdAt), "R"),
      inline: true,
    });
  }
  const description =
    team.description === undefined || team.description === ""
      ? undefined
      : plainText(team.description, { maxLength: maxProseLength, multiline: true });
  return {
    content: `Team created. Invite members with ${plainCode(`/team invite team:${team.id}`)} and a \`member\` or \`username\`.`,
    embeds: [{ title: plainText(team.name), ...(description === undefined ? {} : { description }), fields }],
    ephemeral: true,
  };
}
