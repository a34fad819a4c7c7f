import { Routes } from "discord-api-types/v10";
import { areAllShardsReady } from "../discord/gateway-shards.js";
import type { AppDependencies } from "../http/app-dependencies.js";
import type { ReadinessCheck } from "../http/health-routes.js";
import { readLinkedRolesSettings } from "../linking/linked-roles-settings.js";
import { describeCancelledLink, describeLinked } from "../commands/link/render-linked.js";
import { databaseAnswers } from "../store/database-answers.js";
import type { BotParts } from "./build-dependencies.js";
import { eventStoredSubscribers } from "./event-stored-subscribers.js";

/** What the HTTP app is built from, taken from the bot's parts; `isStopping` is true once stop() has begun. */
export function httpAppDependencies(parts: BotParts, isStopping: () => boolean): AppDependencies {
  const { deps, interactionRest, interactionKey, dispatch, inFlight, outbox, roles, tournamentEvents } =
    parts;
  const { roleConnections } = parts;
  return {
    ...deps,
    readinessChecks: readinessChecks(parts, isStopping),
    metrics: parts.metrics,
    // A sign-in the Linked Roles verification started has no `/link` reply to edit.
    announceLink: async (grant, link) => {
      if (grant.interactionToken === undefined) return;
      await interactionRest.patch(
        Routes.webhookMessage(deps.applicationId, grant.interactionToken, "@original"),
        {
          body: {
            content: describeLinked(link.platformUsername, "oauth", link.guildId === undefined),
            components: [],
          },
          auth: false,
        },
      );
    },
    announceCancel: async (grant) => {
      if (grant.interactionToken === undefined) return;
      await interactionRest.patch(
        Routes.webhookMessage(deps.applicationId, grant.interactionToken, "@original"),
        { body: { content: describeCancelledLink(), components: [] }, auth: false },
      );
    },
    linkedRoles: readLinkedRolesSettings(deps.config),
    operatorWebhookSecrets: parts.operatorWebhookSecrets,
    eventStoredSubscribers,
    onEnqueued: () => {
      outbox.notify();
      roles.notify();
      tournamentEvents.wake();
      roleConnections.wake();
    },
    interactions:
      interactionKey === undefined ? undefined : { publicKey: interactionKey, dispatch, inFlight },
  };
}

function readinessChecks({ store, client, inFlight }: BotParts, isStopping: () => boolean): ReadinessCheck[] {
  return [
    // A stopping instance refuses new interactions (503), so the load balancer must stop sending them.
    { name: "interactions", check: () => !isStopping() && !inFlight.draining },
    { name: "database", check: () => databaseAnswers(store.db, store.writeHealth) },
    ...(client === undefined ? [] : [{ name: "gateway", check: () => areAllShardsReady(client) }]),
  ];
}
