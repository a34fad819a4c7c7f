// The outbox world of the thread tests (battle cards' and tournaments'): a worker rendering with the bot's own
// sources, a card posted and saved as /battle create saves it (its thread's start queued), and a platform event
// stored as the webhook receiver stores it.
import { Routes, type APIMessage } from "discord-api-types/v10";
import { registerOutboxSources } from "../../../src/bot/register-outbox-sources.js";
import {
  createOutboxWorker,
  type OutboxSources,
  type OutboxWorkerOptions,
} from "../../../src/outbox/index.js";
import { saveCardStartingThread } from "../../../src/store/message-threads.js";
import { ingestEvent } from "../../../src/webhooks/ingest-event.js";
import { standardEvent } from "../../webhooks/support/payloads.js";
import type { TestDatabase } from "../../store/databases.js";
import { useOutboxWorld } from "./outbox-world.js";

export function useThreadWorld(database: TestDatabase) {
  const world = useOutboxWorld(database);
  /** `adjust` changes the bot's sources, as a test of a failing reaction does. */
  const createWorker = (
    adjust: (sources: OutboxSources) => OutboxSources = (sources) => sources,
    options: Pick<OutboxWorkerOptions, "retry"> = {},
  ) =>
    createOutboxWorker({
      db: world.db,
      rest: world.createRest(),
      sources: adjust(registerOutboxSources(world)),
      clock: world.clock,
      logger: world.logger,
      owner: "worker-1",
      ...options,
    });
  /** A card the bot posted in `channelId`, saved as /battle create saves it. */
  const postCard = async (channelId: string, battleId: string) => {
    const message = (await world.createRest().post(Routes.channelMessages(channelId), {
      body: { content: "⚔️ a battle card" },
    })) as APIMessage;
    const card = { battleId, guildId: world.guild.id, channelId, messageId: message.id };
    await saveCardStartingThread(world.db, {
      ...card,
      createdBy: "200000000000000001",
      now: world.clock.now(),
    });
    return card;
  };
  /** An event of `kind`, created now (or at `created`), stored as the operator's webhook delivers it. */
  const deliver = (kind: string, data: Readonly<Record<string, unknown>>, created = world.clock.now()) =>
    ingestEvent(
      { db: world.db, clock: world.clock, subscribers: [] },
      {
        rawBody: Buffer.from(standardEvent({ event: kind, data, created: new Date(created).toISOString() })),
        source: { type: "operator" },
      },
    );
  const rowsOf = (action: "start-thread" | "thread-post" | "archive-thread" | "post") =>
    world.db.selectFrom("outbox").selectAll().where("action", "=", action).orderBy("id").execute();
  return { world, createWorker, postCard, deliver, rowsOf };
}
