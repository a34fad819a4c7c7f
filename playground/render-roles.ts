import type { MemberRoles } from "../fake-discord/index.js";

/**
 * The `roles` line: every member of the server with their roles by name, highest first, one member a
 * line, so a change the bot makes (a tier role given or taken) shows the next time it is typed.
 */
export function renderMemberRoles(guildName: string, members: readonly MemberRoles[]): string {
  const names = members.map(({ user }) => (user.bot ? `${user.username} (bot)` : user.username));
  const width = Math.max(0, ...names.map((name) => name.length));
  const lines = members.map(({ roles }, index) => {
    const shown = roles.length === 0 ? "—" : roles.map((role) => role.name).join(", ");
    return `  ${(names[index] ?? "").padEnd(width)}  ${shown}`;
  });
  return [`Roles in ${guildName}, highest first:`, ...lines].join("\n");
}
