// A summary longer than one group's 99 messages (docs/architecture.md, "Posting"): the rows of the parts past
// the 99th are not marked delivered unposted, but make a summary of their own, posted next. Against the fake
// Discord with its limits raised, so 100 messages to one channel take no minutes.
import { describe, expect, it } from "vitest";
import { maxMessagesPerGroup } from "../../src/outbox/group-nonce.js";
import { testDatabases } from "../store/databases.js";
import { useOutboxWorld } from "./support/outbox-world.js";
import { renderMessagePerRow } from "./support/test-renderer.js";

const windowMs = 3000;
const plenty = { limit: 10_000, windowMs: 1000 };

describe.each(testDatabases())("a summary of more than a group's messages on $name", (database) => {
  const world = useOutboxWorld(database, {
    fake: {
      globalRateLimit: { perSecond: 10_000 },
      routeLimits: { "POST /channels/:channelId/messages": plenty },
    },
  });

  const messagePerRow = renderMessagePerRow(world);

  it("posts the rows past the 99th message as the next summary, every row once", async () => {
    const target = await world.subscribeChannel("ratings");
    const ids: string[] = [];
    const titles = Array.from({ length: maxMessagesPerGroup + 3 }, (_, index) => `member ${String(index)}`);
    for (const title of titles) ids.push(await world.enqueueChange(target, "tournament:t1", title, windowMs));
    world.clock.advance(windowMs);
    const worker = world.createWorker({ renderSummary: messagePerRow });

    await worker.runOnce();
    expect(world.fake.messages(target.channelId)).toHaveLength(maxMessagesPerGroup);
    const left = ids.slice(maxMessagesPerGroup);
    for (const id of left) expect(await world.entry(id)).toMatchObject({ status: "pending" });

    await worker.runOnce();
    const posted = world.fake.messages(target.channelId).map((message) => message.embeds[0]?.title);
    expect(posted).toEqual(titles);
    for (const id of ids) expect(await world.entry(id)).toMatchObject({ status: "delivered" });
  });
});
