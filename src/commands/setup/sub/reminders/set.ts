// `/setup reminders set channel:<channel> before:<lead times> [role:<role>]` (docs/architecture.md,
// "Tournament reminders"). The open tournaments are read with the linked account of the
// admin who set reminders up, so that admin must be linked.
import type { BotDependencies } from "../../../bot-dependencies.js";
import type { ServerActor } from "../../../../discord/interaction-handlers.js";
import { formatLeadTimes } from "../../../../display/lead-time.js";
import { formatDuration } from "../../../../display/duration.js";
import { plainText } from "../../../../display/platform-text.js";
import { getMemberSession } from "../../../../linking/member-credential.js";
import { saveReminderSettings } from "../../../../store/reminder-settings.js";
import { requireAnnouncementChannel } from "../../../subscribe/read-subscribe-options.js";
import {
  noteMissingThreadPermissions,
  postingNeeds,
  requireBotCanPost,
} from "../../../require-bot-can-post.js";
import { listGuildSubscriptions } from "../../../../store/subscriptions.js";
import { parseLeadTimes } from "../../lead-times.js";
import { canPingRole } from "../../../../roles/explain-role-refusal.js";
import { checkGivableRole } from "../../check-givable-role.js";
import { refuseTierRoleForReminders } from "../../role-conflicts.js";
import type { SetupOptionsOf, SubcommandContext } from "../../setup-arguments.js";

/** The answer to the admin. */
export async function setTournamentReminders(
  deps: BotDependencies,
  actor: ServerActor,
  options: SetupOptionsOf<"reminders", "set">,
): Promise<string> {
  const roleId = options.role?.id;
  const leadMinutes = parseLeadTimes(options.before);
  const channelId = requireAnnouncementChannel(options.channel);
  const { link } = await getMemberSession(deps, actor);
  const permissions = await requireBotCanPost(deps, actor, options.channel, postingNeeds.announcements);
  if (roleId !== undefined) await refuseTierRoleForReminders(deps, actor.guildId, roleId);
  const givable =
    roleId === undefined
      ? undefined
      : await checkGivableRole(deps, actor.guildId, roleId, {
          everyoneRole:
            "@everyone cannot be the reminder role: members opt in by taking the role. Pick another role, or leave `role:` out to post without a ping.",
          tryAgain: "run this again",
        });
  await saveReminderSettings(deps.db, {
    guildId: actor.guildId,
    channelId,
    leadMinutes,
    roleId: roleId ?? null,
    configuredBy: actor.userId,
    now: deps.clock.now(),
  });
  const ping =
    roleId === undefined
      ? "without a ping (add `role:` for a role members take with `/remind on`)"
      : `pinging <@&${roleId}>, which members take with \`/remind on\``;
  const every = formatDuration(deps.config.reminders.pollMs / 1000);
  const threads = (await remindersUseThreads(deps, actor.guildId, channelId))
    ? noteMissingThreadPermissions(channelId, permissions)
    : undefined;
  return (
    `Tournament reminders are on: in <#${channelId}>, ${formatLeadTimes(leadMinutes)} before each tournament ` +
    `starts, ${ping}. I read the open tournaments every ${every} with your linked account ` +
    `(**${plainText(link.platformUsername)}**); if it stops working, admins are told.` +
    (givable === undefined || canPingRole(givable.role, givable.hierarchy)
      ? ""
      : `\n${unpingableWarning(givable.role.id)}`) +
    (threads === undefined ? "" : `\n⚠️ ${threads}`)
  );
}

/** A tournament's first reminder starts its thread, unless the channel's route keeps updates in the channel. */
async function remindersUseThreads(
  deps: BotDependencies,
  guildId: string,
  channelId: string,
): Promise<boolean> {
  const routes = await listGuildSubscriptions(deps.db, guildId);
  return !routes.some((route) => route.channelId === channelId && route.filters.battleUpdates === "channel");
}

function unpingableWarning(roleId: string): string {
  return (
    `⚠️ I can't notify <@&${roleId}> yet: the reminders will name it, but its members get no ping. ` +
    "In Server Settings → Roles, turn on **Allow anyone to @mention this role** for it, or give me " +
    "**Mention @everyone, @here, and All Roles**."
  );
}

/** The subcommand, answered privately. */
export async function runRemindersSet(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: SetupOptionsOf<"reminders", "set">,
): Promise<void> {
  await responder.reply({ content: await setTournamentReminders(deps, actor, options), ephemeral: true });
}
