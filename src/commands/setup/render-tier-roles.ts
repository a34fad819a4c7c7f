// The answers of `/setup roles` (docs/architecture.md, "Tier roles"): short, and saying what to do next.
import { formatTier } from "../../display/tier.js";
import { plainText } from "../../display/platform-text.js";
import type { CreatedTierRoles } from "./sub/roles/create.js";
import type { TierRoleSyncOutcome } from "./sub/roles/sync.js";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function renderCreatedTierRoles(outcome: CreatedTierRoles): string {
  const made = [...outcome.created, ...outcome.adopted];
  if (made.length === 0 && outcome.kept === 0) {
    const how = outcome.tiersRead
      ? "the platform showed none"
      : "link your account with `/link` and run this again, and I'll read them from the platform now";
    return (
      `Tier roles are on, but I don't know any platform tiers yet: ${how}. ` +
      "Each new tier gets its role as soon as I see one."
    );
  }
  const lines = [
    ...outcome.created.map(({ tier, roleId }) => `Created <@&${roleId}> for ${plainText(formatTier(tier))}`),
    ...outcome.adopted.map(({ tier, roleId }) => `Using <@&${roleId}> for ${plainText(formatTier(tier))}`),
  ];
  if (outcome.kept > 0) lines.push(`${plural(outcome.kept, "tier", "tiers")} already had a role`);
  if (!outcome.ordered)
    lines.push("I couldn't reorder the roles; drag them in Server Settings → Roles if you like.");
  lines.push(
    `Updating ${plural(outcome.membersQueued, "linked member", "linked members")}; new tiers get a role ` +
      "automatically. `/setup status` shows progress.",
  );
  return lines.join("\n");
}

/** Which of the tiers the bot knows have a role in the server, in rating order, lowest first. */
export interface TierRoleCoverage {
  readonly tiers: number;
  readonly withRole: readonly string[];
}

/**
 * Discord refused a role because the server has its 250: said with what was made before the refusal, since
 * roles are made one by one and those made stay (and stay mapped).
 */
export function renderRoleLimitReached(coverage: TierRoleCoverage): string {
  const next =
    "Delete roles you no longer need in Server Settings → Roles, or give tiers roles you have with " +
    "`/setup roles map`, then run `/setup roles create` again.";
  if (coverage.withRole.length === 0) {
    return `I couldn't create the tier roles: this server has as many roles as Discord allows (250). ${next}`;
  }
  const names = coverage.withRole.map((tier) => plainText(formatTier(tier))).join(", ");
  return (
    `I couldn't create every tier role: this server reached the 250 roles Discord allows. ` +
    `${coverage.withRole.length} of the ${plural(coverage.tiers, "tier", "tiers")} ` +
    `${coverage.withRole.length === 1 ? "has" : "have"} a role (${names}). ${next}`
  );
}

/**
 * `/setup roles create` took longer than its hold on the server's role work, or Discord's limit on making
 * roles asked for a long wait: it stopped making roles, and the role worker makes the rest
 * (docs/architecture.md, "Tier roles").
 */
export function renderCreateCutShort(coverage: TierRoleCoverage, membersQueued: number): string {
  const names = coverage.withRole.map((tier) => plainText(formatTier(tier))).join(", ");
  const have =
    coverage.withRole.length === 0
      ? "No tier has a role yet"
      : `${coverage.withRole.length} of the ${plural(coverage.tiers, "tier", "tiers")} ` +
        `${coverage.withRole.length === 1 ? "has" : "have"} a role (${names})`;
  return (
    "Tier roles are on. Discord was slow or asked me to wait, so I stopped making roles here and the rest " +
    `follow in the background. ${have}. Updating ${plural(membersQueued, "linked member", "linked members")}; ` +
    "`/setup status` shows progress."
  );
}

/** Tier roles were off and a command turned them on again, in the mode they were turned off in. */
export function renderTurnedOnAgain(mode: "create" | "map"): string {
  return (
    "Tier roles were off; they are on again: " +
    (mode === "create"
      ? "new tiers get a role automatically."
      : "new tiers get no role until you map them with `/setup roles map`.")
  );
}

export function renderTierRoleSync(summary: TierRoleSyncOutcome): string {
  const lines: string[] = [];
  if (summary.turnedOn !== null) lines.push(renderTurnedOnAgain(summary.turnedOn));
  if (summary.pausedReason !== null) {
    lines.push(
      `Discord refused a role change (${plainText(summary.pausedReason)}), so tier roles are paused. The admin ` +
        "channel and `/setup status` say what to fix; then run `/setup roles sync` again.",
    );
  } else if (summary.resumed) lines.push("Tier roles were paused; they run again.");
  lines.push(
    `Checked ${plural(summary.checked, "linked member", "linked members")}: ` +
      `${plural(summary.rolesAdded, "role", "roles")} given, ${summary.rolesRemoved} taken away.`,
  );
  for (const member of summary.changed) {
    lines.push(`<@${member.userId}>: +${member.added} −${member.removed}`);
  }
  if (summary.pending > 0 && summary.pausedReason === null) {
    lines.push(
      `${plural(summary.pending, "member is", "members are")} still being updated; \`/setup status\` shows progress.`,
    );
  }
  if (summary.failed > 0)
    lines.push(
      `${plural(summary.failed, "member", "members")} could not be updated; \`/setup status\` shows how many ` +
        "and why.",
    );
  return lines.join("\n");
}
