import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import {
  describeUnsubscribeOutcome,
  unsubscribeChannel,
} from "../../../src/commands/unsubscribe/unsubscribe-channel.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import type { Database } from "../../../src/store/database.js";
import { insertInboxEvent } from "../../../src/store/inbox.js";
import { claimDueOutbox } from "../../../src/store/outbox-lease.js";
import { enqueueOutbox, type OutboxAction } from "../../../src/store/outbox.js";
import { createSubscription, listGuildSubscriptions } from "../../../src/store/subscriptions.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";

const guildId = "100000000000000001";
const channelId = "300000000000000001";
const now = 1_700_000_000_000;

/** A post (or another action) of one stored event, queued for `channel` by `subscriptionId`. */
async function queue(
  db: Kysely<Database>,
  input: {
    readonly eventId: string;
    readonly kind: string;
    readonly subscriptionId: string | null;
    readonly channel?: string;
    readonly action?: OutboxAction;
  },
): Promise<string> {
  await insertInboxEvent(db, {
    eventId: input.eventId,
    kind: input.kind,
    source: "operator",
    status: "accepted",
    payload: {},
    receivedAt: now,
  });
  const id = await enqueueOutbox(db, {
    source: "operator",
    eventId: input.eventId,
    guildId,
    channelId: input.channel ?? channelId,
    subscriptionId: input.subscriptionId,
    action: input.action ?? "post",
    targetMessageId: input.action === "edit" ? "400000000000000001" : null,
    now,
  });
  if (id === undefined) throw new Error("expected a new outbox row");
  return id;
}

/** Each outbox row's status, and why it was not sent. */
async function statuses(db: Kysely<Database>) {
  const rows = await db.selectFrom("outbox").select(["id", "status", "last_error"]).execute();
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

describe.each(testDatabases())("unsubscribeChannel on $name", (database) => {
  const store = useMigratedStore(database);
  const subscribe = () =>
    createSubscription(store.db, {
      guildId,
      channelId,
      eventKinds: ["battle.completed", "user.rating_changed"],
      filters: { linkedOnly: true },
      createdBy: "200000000000000001",
      now,
    });

  it("removes some kinds and keeps the route with its filters", async () => {
    await subscribe();
    const outcome = await unsubscribeChannel(store.db, {
      guildId,
      channelId,
      kinds: ["battle.completed"],
      now,
    });
    expect(describeUnsubscribeOutcome(outcome)).toBe(
      "<#300000000000000001> no longer receives **Battle results**.\nIt still receives **Rating changes**.",
    );
    const [route] = await listGuildSubscriptions(store.db, guildId);
    expect(route).toMatchObject({ eventKinds: ["user.rating_changed"], filters: { linkedOnly: true } });
  });

  it("removes the whole route when no kinds are named or none would remain", async () => {
    await subscribe();
    expect(await unsubscribeChannel(store.db, { guildId, channelId, kinds: undefined, now })).toEqual({
      result: "removed",
      channelId,
      droppedPosts: 0,
    });
    await subscribe();
    await unsubscribeChannel(store.db, {
      guildId,
      channelId,
      kinds: ["battle.completed", "user.rating_changed", "team.created"],
      now,
    });
    expect(await listGuildSubscriptions(store.db, guildId)).toEqual([]);
  });

  it("refuses a channel without a route, and kinds the route does not have", async () => {
    await expect(unsubscribeChannel(store.db, { guildId, channelId, kinds: undefined, now })).rejects.toThrow(
      /has no subscription/,
    );
    await subscribe();
    const refusal = unsubscribeChannel(store.db, { guildId, channelId, kinds: ["team.created"], now });
    await expect(refusal).rejects.toBeInstanceOf(UserFacingError);
    await expect(refusal).rejects.toThrow(
      "does not receive Teams created; it receives **Battle results, Rating changes**.",
    );
  });

  it("never touches another guild's route for the same channel id", async () => {
    await subscribe();
    await expect(
      unsubscribeChannel(store.db, { guildId: "100000000000000002", channelId, kinds: undefined, now }),
    ).rejects.toThrow(/has no subscription/);
    expect(await listGuildSubscriptions(store.db, guildId)).toHaveLength(1);
  });

  it("takes back a queued post of an event the platform sent under another name for the kind", async () => {
    const route = await createSubscription(store.db, {
      guildId,
      channelId,
      eventKinds: ["battle.completed", "system.tournament_started"],
      filters: {},
      createdBy: "200000000000000001",
      now,
    });
    // The inbox keeps the kind as sent: `tournament.started`, another name for system.tournament_started.
    const start = await queue(store.db, {
      eventId: "evt_1",
      kind: "tournament.started",
      subscriptionId: route.id,
    });
    const outcome = await unsubscribeChannel(store.db, {
      guildId,
      channelId,
      kinds: ["system.tournament_started"],
      now,
    });
    expect(outcome).toMatchObject({ droppedPosts: 1 });
    expect((await statuses(store.db)).get(start)).toMatchObject({ status: "delivered" });
  });

  it("takes back the posts the route queued and no worker holds, and leaves every other row", async () => {
    const route = await subscribe();
    const queuedResult = await queue(store.db, {
      eventId: "evt_1",
      kind: "battle.completed",
      subscriptionId: route.id,
    });
    const queuedChange = await queue(store.db, {
      eventId: "evt_2",
      kind: "user.rating_changed",
      subscriptionId: route.id,
    });
    // A card's edit follows the card, not the route; another channel's post is that channel's.
    const cardEdit = await queue(store.db, {
      eventId: "evt_3",
      kind: "battle.completed",
      subscriptionId: null,
      action: "edit",
    });
    const elsewhere = await queue(store.db, {
      eventId: "evt_4",
      kind: "battle.completed",
      subscriptionId: "some-other-route",
      channel: "300000000000000002",
    });
    // Held by a worker: it may already be at Discord.
    const [held] = await claimDueOutbox(store.db, { owner: "worker-1", now, leaseMs: 30_000, limit: 1 });
    expect(held?.id).toBe(queuedResult);
    // Put in a message before a crash: it may be at Discord too, and goes again under its nonce.
    const grouped = await queue(store.db, {
      eventId: "evt_5",
      kind: "battle.completed",
      subscriptionId: route.id,
    });
    await store.db.updateTable("outbox").set({ group_id: grouped }).where("id", "=", grouped).execute();

    const outcome = await unsubscribeChannel(store.db, { guildId, channelId, kinds: undefined, now });
    expect(outcome).toEqual({ result: "removed", channelId, droppedPosts: 1 });
    expect(describeUnsubscribeOutcome(outcome)).toBe(
      "Removed the subscription of <#300000000000000001>: the bot no longer posts events there.\n" +
        "1 post that was still waiting to go out there will not be sent.",
    );
    expect(await statuses(store.db)).toEqual(
      new Map([
        [queuedResult, { status: "pending", last_error: null }],
        [queuedChange, { status: "delivered", last_error: "not sent: the channel was unsubscribed" }],
        [cardEdit, { status: "pending", last_error: null }],
        [elsewhere, { status: "pending", last_error: null }],
        [grouped, { status: "pending", last_error: null }],
      ]),
    );
  });

  it("takes back only the posts of the kinds removed when the route keeps others", async () => {
    const route = await subscribe();
    await queue(store.db, { eventId: "evt_1", kind: "battle.completed", subscriptionId: route.id });
    await queue(store.db, { eventId: "evt_2", kind: "battle.completed", subscriptionId: route.id });
    const kept = await queue(store.db, {
      eventId: "evt_3",
      kind: "user.rating_changed",
      subscriptionId: route.id,
    });

    const outcome = await unsubscribeChannel(store.db, {
      guildId,
      channelId,
      kinds: ["battle.completed"],
      now,
    });
    expect(outcome).toMatchObject({ result: "reduced", droppedPosts: 2 });
    expect(describeUnsubscribeOutcome(outcome)).toBe(
      "<#300000000000000001> no longer receives **Battle results**.\nIt still receives **Rating changes**.\n" +
        "2 posts that were still waiting to go out there will not be sent.",
    );
    const after = await statuses(store.db);
    expect([...after.values()].filter((row) => row.status === "delivered")).toHaveLength(2);
    expect(after.get(kept)).toEqual({ status: "pending", last_error: null });
  });
});
