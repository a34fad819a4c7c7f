import { plainText } from "../../display/platform-text.js";
import type { Kysely } from "kysely";
import type { UserArgument } from "../../discord/command-arguments.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import type { Database } from "../../store/database.js";
import { listGuildLinks } from "../../store/linked-members.js";
import type { TeamOptions } from "./team-arguments.js";

/** Who `/team invite` names: a member of this server, or a platform username typed as text. */
export type InviteeChoice =
  | { readonly kind: "member"; readonly userId: string; readonly displayName: string }
  | { readonly kind: "username"; readonly username: string };

/** The platform username to invite, and the Discord member it belongs to when one was named. */
export interface Invitee {
  readonly username: string;
  readonly memberId: string | undefined;
}

function displayNameOf(member: UserArgument): string {
  return member.member?.nick ?? member.user?.global_name ?? member.user?.username ?? member.id;
}

/** Exactly one of `member` and `username` must be given (the invite's options, data.ts). */
export function chooseInvitee(options: Pick<TeamOptions<"invite">, "member" | "username">): InviteeChoice {
  const username = options.username?.trim() ?? "";
  const { member } = options;
  if (member !== undefined && username !== "") {
    throw new UserFacingError(
      "invitee_ambiguous",
      "Give either `member` (someone in this server) or `username` (a platform username), not both.",
    );
  }
  if (member !== undefined) return { kind: "member", userId: member.id, displayName: displayNameOf(member) };
  if (username !== "") return { kind: "username", username };
  throw new UserFacingError(
    "invitee_missing",
    "Who should be invited? Give `member` (someone in this server) or `username` (a platform username).",
  );
}

/**
 * A member is invited under the platform account they linked in this guild, read from the store's link list:
 * their credential is never opened or used (docs/architecture.md, "Commands"). A username typed as text that
 * a member of this guild linked, in any case, is theirs too, so they are told as well.
 */
export async function resolveInvitee(
  db: Kysely<Database>,
  guildId: string,
  choice: InviteeChoice,
): Promise<Invitee> {
  const links = await listGuildLinks(db, guildId);
  if (choice.kind === "username") {
    // The platform finds a user whatever the case of the name typed (docs/platform-assumptions.md,
    // "Usernames"), so "Bob" invites the member who linked "bob"; an exact match wins over one in another case.
    const typed = choice.username.toLowerCase();
    const owner =
      links.find((candidate) => candidate.platformUsername === choice.username) ??
      links.find((candidate) => candidate.platformUsername.toLowerCase() === typed);
    return { username: choice.username, memberId: owner?.userId };
  }
  const link = links.find((candidate) => candidate.userId === choice.userId);
  if (link === undefined) {
    throw new UserFacingError(
      "invitee_not_linked",
      `<@${choice.userId}> (**${plainText(choice.displayName)}**) hasn't linked a platform account in this ` +
        "server, so there is no platform username to invite. Ask them to run `/link`, or use the `username` option.",
    );
  }
  return { username: link.platformUsername, memberId: choice.userId };
}
