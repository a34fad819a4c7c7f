// docs/architecture.md, "Posting": a notice for a server's admins is posted at once; one Discord fails for a
// passing reason (an outage of its message route, an answer lost on the way) is queued in the outbox under the
// nonce it was first sent with, and posted once when Discord takes it, never twice; one Discord refuses for
// good (the admin channel deleted) is only logged.
import { describe, expect, it } from "vitest";
import { tellAdmins } from "../../src/outbox/tell-admins.js";
import { adminNoticeSource } from "../../src/store/admin-notices.js";
import { testDatabases } from "../store/databases.js";
import { useOutboxWorld } from "./support/outbox-world.js";

const postMessage = "POST /channels/:channelId/messages";

describe.each(testDatabases())("the admins' notices on $name", (database) => {
  const world = useOutboxWorld(database);

  const createAdminChannel = () => world.createAdminChannel();
  const notice = (content: string) => ({
    guildId: world.guild.id,
    content,
    what: "paused a channel's posts",
  });
  const queuedNotices = () =>
    world.db.selectFrom("outbox").select(["id", "status"]).where("source", "=", adminNoticeSource).execute();

  /** Tells the admins while Discord's message route is down (it stays down); their channel. */
  async function tellAdminsInOutage(content: string) {
    const admin = await createAdminChannel();
    world.fake.setRouteOutage(postMessage, true);
    const rest = world.createRest({ retries: 0 });
    await tellAdmins({ db: world.db, rest, clock: world.clock, logger: world.logger }, notice(content));
    return admin;
  }

  it("queues a notice whose post met an outage, and posts it once Discord is back", async () => {
    const admin = await tellAdminsInOutage("I paused <#1> and <@&2>: grant me access there.");

    expect(world.contents(admin.id)).toEqual([]);
    expect(await queuedNotices()).toEqual([{ id: expect.any(String), status: "pending" }]);
    world.fake.setRouteOutage(postMessage, false);
    await world.createWorker().runOnce();

    expect(world.contents(admin.id)).toEqual(["I paused <#1> and <@&2>: grant me access there."]);
    // Pings no one: neither the role its text names nor anyone else.
    const allowed = world.fake.messages(admin.id)[0]?.allowedMentions;
    expect(allowed?.parse).toEqual([]);
    expect([...(allowed?.roles ?? []), ...(allowed?.users ?? [])]).toEqual([]);
    expect(await queuedNotices()).toEqual([{ id: expect.any(String), status: "delivered" }]);
  });

  it("posts a notice once when Discord made it but its answer was lost", async () => {
    const admin = await createAdminChannel();
    const answers = world.fake.holdResponses("POST", new RegExp(`^/channels/${admin.id}/messages$`));
    // The client gives up on the answer Discord holds back: the post is made, the bot does not know it.
    const deps = {
      db: world.db,
      rest: world.createRest({ retries: 0, timeout: 3000 }),
      clock: world.clock,
      logger: world.logger,
    };

    const told = tellAdmins(deps, notice("Tier roles are paused."));
    await answers.waitForCaught(1);
    expect(world.contents(admin.id)).toEqual(["Tier roles are paused."]);
    await told;
    answers.release();
    expect(await queuedNotices()).toEqual([{ id: expect.any(String), status: "pending" }]);
    await world.createWorker().runOnce();

    // Sent again under the first try's nonce, Discord answers with the message it made.
    expect(world.contents(admin.id)).toEqual(["Tier roles are paused."]);
    expect(await queuedNotices()).toEqual([{ id: expect.any(String), status: "delivered" }]);
  });

  it("drops a queued notice once the admins moved their channel", async () => {
    const admin = await tellAdminsInOutage("Tier roles are paused.");
    expect(await queuedNotices()).toHaveLength(1);

    // The old channel may be public now: it is not told.
    const moved = await createAdminChannel();
    world.fake.setRouteOutage(postMessage, false);
    await world.createWorker().runOnce();

    expect(world.contents(admin.id)).toEqual([]);
    expect(world.contents(moved.id)).toEqual([]);
    expect(world.logs).toContainEqual(
      expect.objectContaining({
        channelId: admin.id,
        msg: "a queued admins' notice's channel is no longer the admin channel; nothing to post",
      }),
    );
  });

  it("only logs a notice whose admin channel was deleted", async () => {
    const admin = await createAdminChannel();
    world.fake.deleteChannel(admin.id);
    const deps = { db: world.db, rest: world.createRest(), clock: world.clock, logger: world.logger };

    await tellAdmins(deps, notice("Tier roles are paused."));

    expect(await queuedNotices()).toEqual([]);
    expect(world.logs).toContainEqual(
      expect.objectContaining({ msg: "paused a channel's posts but could not tell the admin channel" }),
    );
  });
});
