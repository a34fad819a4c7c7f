// Routing with a battle card's thread (docs/architecture.md, "Routing"): the battle's progress goes into the
// thread instead of the card's channel, its result into both, and the result archives the thread, unless the
// channel's route keeps battle updates in the channel.
import { describe, expect, it } from "vitest";
import { recordThreadStarted, saveCardStartingThread } from "../../src/store/message-threads.js";
import { normaliseEvent } from "../../src/events/normalise-event.js";
import type { KnownPlatformEvent } from "../../src/events/platform-event.js";
import { routeEvent } from "../../src/webhooks/route-event.js";
import type { OutboxTarget } from "../../src/webhooks/select-targets.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { battleCompletedData, standardEvent } from "./support/payloads.js";
import { channelOf, guildA, postBattleCard, subscribe } from "./support/seed.js";

function known(body: string): KnownPlatformEvent {
  const result = normaliseEvent(Buffer.from(body));
  if (!result.ok || result.event.kind === undefined) throw new Error("expected a known event");
  return result.event;
}

const started = () =>
  known(standardEvent({ event: "battle.started", data: { object: "battle", id: "bat_1" } }));
const completed = () =>
  known(standardEvent({ event: "battle.completed", data: battleCompletedData({ id: "bat_1" }) }));

/** Targets as "action channel target", sorted. */
function describeTargets(targets: readonly OutboxTarget[]): string[] {
  return targets.map((target) => `${target.action} ${target.channelId} ${target.targetMessageId}`).sort();
}

const channel = channelOf(guildA, 5);
const cardId = "500000000000000001";
const everywhere = { guildId: undefined };

describe.each(testDatabases())("routing into battle threads on $name", (database) => {
  const store = useMigratedStore(database);
  const postCard = async (withThread: boolean) => {
    const card = { battleId: "bat_1", guildId: guildA, channelId: channel, messageId: cardId };
    if (!withThread) return postBattleCard(store.db, card);
    await saveCardStartingThread(store.db, { ...card, createdBy: "200000000000000001", now: 1 });
    await recordThreadStarted(store.db, { guildId: guildA, messageId: cardId });
  };

  it("posts the battle's progress in the card's thread instead of its channel", async () => {
    await subscribe(store.db, { guildId: guildA, channelId: channel, kinds: ["battle.started"] });
    await postCard(true);
    expect(describeTargets(await routeEvent(store.db, started(), everywhere))).toEqual([
      `edit ${channel} ${cardId}`,
      `thread-post ${channel} ${cardId}`,
    ]);
  });

  it("posts the result in the channel and in the thread, and archives the thread", async () => {
    await subscribe(store.db, { guildId: guildA, channelId: channel, kinds: ["battle.completed"] });
    await postCard(true);
    expect(describeTargets(await routeEvent(store.db, completed(), everywhere))).toEqual([
      `archive-thread ${channel} ${cardId}`,
      `edit ${channel} ${cardId}`,
      `post ${channel} null`,
      `thread-post ${channel} ${cardId}`,
    ]);
  });

  it("keeps battle updates in the channel when the channel's route asks for that", async () => {
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channel,
      kinds: ["battle.started"],
      filters: { battleUpdates: "channel" },
    });
    await postCard(true);
    expect(describeTargets(await routeEvent(store.db, started(), everywhere))).toEqual([
      `edit ${channel} ${cardId}`,
      `post ${channel} null`,
    ]);
  });

  it("keeps battle updates out of an existing thread once any route of the channel asks for them in the channel", async () => {
    // The card's thread was started before the channel's route was made. That route takes results only, and
    // asks for updates in the channel: a start has no route there, so it goes nowhere but the card; the
    // result goes in the channel, and the thread, which gets no post, is archived.
    await postCard(true);
    const results = await subscribe(store.db, {
      guildId: guildA,
      channelId: channel,
      kinds: ["battle.completed"],
      filters: { battleUpdates: "channel" },
    });
    expect(describeTargets(await routeEvent(store.db, started(), everywhere))).toEqual([
      `edit ${channel} ${cardId}`,
    ]);
    expect(describeTargets(await routeEvent(store.db, completed(), everywhere))).toEqual([
      `archive-thread ${channel} ${cardId}`,
      `edit ${channel} ${cardId}`,
      `post ${channel} null`,
    ]);
    // Paused, the route still says where updates go.
    await store.db.updateTable("subscriptions").set({ status: "paused" }).where("id", "=", results).execute();
    expect(describeTargets(await routeEvent(store.db, started(), everywhere))).toEqual([
      `edit ${channel} ${cardId}`,
    ]);
  });

  it("posts in the channel while the card has no thread", async () => {
    await subscribe(store.db, { guildId: guildA, channelId: channel, kinds: ["battle.started"] });
    await postCard(false);
    expect(describeTargets(await routeEvent(store.db, started(), everywhere))).toEqual([
      `edit ${channel} ${cardId}`,
      `post ${channel} null`,
    ]);
  });

  it("names on the thread's post the route that would post it in the channel, if one would", async () => {
    const hard = await subscribe(store.db, {
      guildId: guildA,
      channelId: channel,
      kinds: ["battle.started"],
      filters: { difficulty: "hard" },
    });
    await postCard(true);
    const started = (difficulty: string) =>
      known(standardEvent({ event: "battle.started", data: { object: "battle", id: "bat_1", difficulty } }));
    const threadPost = async (difficulty: string) =>
      (await routeEvent(store.db, started(difficulty), everywhere)).find(
        (target) => target.action === "thread-post",
      );
    expect(await threadPost("hard")).toMatchObject({ subscriptionId: hard, targetMessageId: cardId });
    // The channel's route takes only hard battles: forgotten, the thread's post of an easy one goes nowhere.
    expect(await threadPost("easy")).toMatchObject({ subscriptionId: null, targetMessageId: cardId });
  });
});
