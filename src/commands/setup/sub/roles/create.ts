// `/setup roles create` (docs/architecture.md, "Tier roles"): create mode, the platform's tiers read with the
// admin's credential, a role made now for every tier the bot knows, and every linked member queued. The
// guild's create-mode lease is held meanwhile, so the role worker, here or on another instance, cannot make
// the same roles at the same time; once it has ended no more roles are made here, and the worker makes the rest.
import type { BotDependencies } from "../../../bot-dependencies.js";
import { UserFacingError } from "../../../../discord/user-facing-error.js";
import { classifyRoleFailure, isRoleLimitReached } from "../../../../roles/classify-role-failure.js";
import {
  ensureTierRoles,
  TierRoleLeaseEndedError,
  type TierRolesOutcome,
} from "../../../../roles/ensure-tier-roles.js";
import { describeRoleRefusal } from "../../../../roles/explain-role-refusal.js";
import { queueGuildSync } from "../../../../roles/queue-guild-sync.js";
import { explainRefusal } from "../../../../roles/tell-admins-about-roles.js";
import { listTierRoles } from "../../../../store/tier-roles.js";
import { listTiers } from "../../../../store/tiers.js";
import { saveRoleSyncMode } from "../../../../store/guild-role-settings.js";
import {
  finishTierRoleWork,
  leaseTierRoleWork,
  renewTierRoleWork,
} from "../../../../store/tier-role-work-lease.js";
import { learnTiersWithAdmin } from "../../learn-tiers-with-admin.js";
import {
  renderCreatedTierRoles,
  renderCreateCutShort,
  renderRoleLimitReached,
  type TierRoleCoverage,
} from "../../render-tier-roles.js";
import type { SubcommandContext } from "../../setup-arguments.js";
import { withTierRoleFeedGap } from "../../tier-role-feed.js";

/** Long enough for a few dozen roles at Discord's pace. */
const createLeaseMs = 120_000;

export interface CreatedTierRoles extends TierRolesOutcome {
  readonly membersQueued: number;
  /** Whether the platform's tiers were read with the admin's credential just now. */
  readonly tiersRead: boolean;
}

/** The lease ended before every role was made: the role worker makes the rest. */
export interface CutShortTierRoles {
  readonly cutShort: TierRoleCoverage;
  readonly membersQueued: number;
}

export async function createTierRoles(
  deps: BotDependencies,
  input: { readonly guildId: string; readonly userId: string; readonly interactionId: string },
): Promise<CreatedTierRoles | CutShortTierRoles> {
  const { guildId } = input;
  const tiersRead = await learnTiersWithAdmin(deps, { guildId, userId: input.userId });
  const owner = `setup-roles:${input.interactionId}`;
  const claimedAt = deps.clock.now();
  await saveRoleSyncMode(deps.db, { guildId, mode: "create", now: claimedAt });
  if (!(await leaseTierRoleWork(deps.db, { guildId, owner, now: claimedAt, leaseMs: createLeaseMs }))) {
    throw new UserFacingError(
      "roles_busy",
      "I'm creating this server's tier roles right now. Try again in a minute.",
    );
  }
  let outcome: TierRolesOutcome | undefined;
  // The lease is renewed before each role is made; once the role worker, here or on another instance, has
  // taken the work over, no more roles are made here, or both could make one of the same tier. The work stays
  // marked, so the worker makes the rest.
  const renewLease = () =>
    renewTierRoleWork(deps.db, { guildId, owner, now: deps.clock.now(), leaseMs: createLeaseMs });
  try {
    outcome = await ensureTierRoles(deps, guildId, renewLease);
  } catch (error) {
    if (error instanceof TierRoleLeaseEndedError || classifyRoleFailure(error).kind === "rate-limited") {
      // Answered below with the roles made so far: the role worker makes the rest once Discord lets it (the
      // client for creates refuses a wait past 10 s rather than hold the answer).
    } else if (isRoleLimitReached(error)) {
      throw new UserFacingError(
        "roles_limit",
        renderRoleLimitReached(await readTierRoleCoverage(deps, guildId)),
      );
    } else {
      const failure = classifyRoleFailure(error);
      if (failure.kind !== "missing-permissions") throw error;
      const refusal = await explainRefusal(deps, guildId);
      throw new UserFacingError(
        "roles_refused",
        describeRoleRefusal(refusal, failure.detail, "I couldn't create the tier roles").replace(
          "then run `/setup roles sync` to resume.",
          "then run `/setup roles create` again.",
        ),
      );
    }
  } finally {
    // Once this command tried to order the roles, their order is settled: the admin's answer says when it
    // failed, and a background pass would undo an order the admin then gives them by hand.
    const orderOwed = outcome === undefined ? undefined : false;
    await finishTierRoleWork(deps.db, { guildId, owner, done: outcome !== undefined, claimedAt, orderOwed });
  }
  const membersQueued = await queueGuildSync(deps.db, { guildId, now: deps.clock.now(), resume: true });
  deps.wakeRoleWorker?.();
  if (outcome === undefined) {
    return { cutShort: await readTierRoleCoverage(deps, guildId), membersQueued };
  }
  return { ...outcome, membersQueued, tiersRead };
}

/** Which of the tiers the bot knows have a role in the server now, lowest first. */
async function readTierRoleCoverage(deps: BotDependencies, guildId: string): Promise<TierRoleCoverage> {
  const tiers = await listTiers(deps.db);
  const mapped = new Set((await listTierRoles(deps.db, guildId)).map((mapping) => mapping.tier));
  return { tiers: tiers.length, withRole: tiers.map(({ tier }) => tier).filter((tier) => mapped.has(tier)) };
}

/** The subcommand: the roles made, answered privately. */
export async function runRolesCreate(
  deps: BotDependencies,
  { actor, responder, interactionId }: SubcommandContext,
): Promise<void> {
  const outcome = await createTierRoles(deps, {
    guildId: actor.guildId,
    userId: actor.userId,
    interactionId,
  });
  const content =
    "cutShort" in outcome
      ? renderCreateCutShort(outcome.cutShort, outcome.membersQueued)
      : renderCreatedTierRoles(outcome);
  await responder.reply({
    content: await withTierRoleFeedGap(deps, actor.guildId, content),
    ephemeral: true,
  });
}
