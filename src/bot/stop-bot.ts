import { GatewayDispatchEvents } from "discord-api-types/v10";
import type { FastifyInstance } from "fastify";
import type { BotParts } from "./build-dependencies.js";
import { closeServer } from "./close-server.js";
import type { BackgroundWork } from "./start-background-work.js";

/** Above a typical load-balancer probe interval, well under main.ts's 20 s shutdown cap. */
const defaultUnreadyBeforeStopMs = 5000;

/**
 * Stops taking work, finishes what is in flight, closes connections. The caller has already made readiness
 * fail; over HTTP the app keeps answering `unreadyBeforeStopMs` first, until the load balancer has noticed.
 */
export async function stopBot(
  parts: BotParts,
  servers: readonly FastifyInstance[],
  background: BackgroundWork | undefined,
  unreadyBeforeStopMs = defaultUnreadyBeforeStopMs,
): Promise<void> {
  const { client, inFlight, outbox, roles, reminders, tournamentEvents, store } = parts;
  if (parts.interactionKey !== undefined) {
    await new Promise((resolve) => setTimeout(resolve, unreadyBeforeStopMs));
  }
  // Take no new interactions and end the gateway sessions at once: Discord then sends this instance's
  // interactions nowhere, or to the instance that takes its shards, rather than to one that no longer answers
  // them while its workers drain. The close is not waited for before the drains (a half-open connection's
  // close handshake waits up to 30 s); the running interactions finish over REST meanwhile.
  client?.ws.removeAllListeners(GatewayDispatchEvents.InteractionCreate);
  // Its failure is held (an unheld rejection would end the process) and thrown once all else has stopped.
  const gatewayClosed = client?.destroy().then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  await inFlight.drain();
  if (background !== undefined) {
    await Promise.all([background.jobs.stop(), background.resealing.stop()]);
  }
  // Reminders first: what they queue is then posted by the outbox before it stops.
  await reminders.drain();
  await Promise.all([
    outbox.drain(),
    roles.drain(),
    tournamentEvents.drain(),
    parts.roleConnections.drain(),
    parts.tokenRevocations.drain(),
  ]);
  const closeFailure = await gatewayClosed;
  // Removals and add-backs already received are stored before the database closes.
  await background?.guildMembership?.drain();
  for (const server of servers) await closeServer(server);
  await store.close();
  if (closeFailure !== undefined) throw closeFailure.error;
}
