// Whether a member is still in a server, asked of the fake Discord over HTTP
// (src/discord/guild-member-presence.ts): an answer is reused for a minute, asks that overlap share one
// request, and a failure is never kept.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { ManualClock } from "../../src/clock.js";
import {
  createMemberPresence,
  memberPresenceTtlMs,
  type MemberPresence,
} from "../../src/discord/guild-member-presence.js";

const memberRoute = "GET /guilds/:guildId/members/:userId";

describe("a member presence", () => {
  let fake: FakeDiscord;
  let rest: REST;
  let clock: ManualClock;
  let presence: MemberPresence;
  let guildId: string;

  beforeEach(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    clock = new ManualClock(Date.UTC(2026, 10, 30, 12));
    presence = createMemberPresence(rest, clock);
    guildId = fake.createGuild({ name: "Arena" }).id;
  });
  afterEach(async () => {
    await fake.close();
  });

  const memberRequests = () => fake.stats.requestsByRoute.get(memberRoute) ?? 0;

  it("asks Discord once for a member asked about twice within a minute", async () => {
    const member = fake.createMember(guildId, { username: "stays" });

    expect(await presence.isStillMember(guildId, member.id)).toBe(true);
    clock.advance(memberPresenceTtlMs - 1);
    expect(await presence.isStillMember(guildId, member.id)).toBe(true);

    expect(memberRequests()).toBe(1);
  });

  it("tells what it remembers without asking, for a minute", async () => {
    const member = fake.createMember(guildId, { username: "remembered" });
    const gone = fake.createMember(guildId, { username: "remembered-gone" });
    fake.removeMember(guildId, gone.id);
    expect(presence.remembered(guildId, member.id)).toBeUndefined();

    await presence.isStillMember(guildId, member.id);
    await presence.isStillMember(guildId, gone.id);
    expect(presence.remembered(guildId, member.id)).toBe(true);
    expect(presence.remembered(guildId, gone.id)).toBe(false);
    expect(presence.remembered("another-guild", member.id)).toBeUndefined();
    clock.advance(memberPresenceTtlMs);
    expect(presence.remembered(guildId, member.id)).toBeUndefined();

    expect(memberRequests()).toBe(2);
  });

  it("asks once for asks that overlap", async () => {
    const member = fake.createMember(guildId, { username: "popular" });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => presence.isStillMember(guildId, member.id)),
    );

    expect(answers).toEqual([true, true, true, true, true]);
    expect(memberRequests()).toBe(1);
  });

  it("asks again once the answer is a minute old, and then sees the member left", async () => {
    const member = fake.createMember(guildId, { username: "leaves" });
    expect(await presence.isStillMember(guildId, member.id)).toBe(true);
    fake.removeMember(guildId, member.id);

    expect(await presence.isStillMember(guildId, member.id)).toBe(true);
    clock.advance(memberPresenceTtlMs);
    expect(await presence.isStillMember(guildId, member.id)).toBe(false);

    expect(memberRequests()).toBe(2);
  });

  it("keeps a member who left as gone for the minute too", async () => {
    const member = fake.createMember(guildId, { username: "gone" });
    fake.removeMember(guildId, member.id);

    expect(await presence.isStillMember(guildId, member.id)).toBe(false);
    expect(await presence.isStillMember(guildId, member.id)).toBe(false);

    expect(memberRequests()).toBe(1);
  });

  it("keeps no answer past a minute when the clock is set back", async () => {
    const member = fake.createMember(guildId, { username: "early" });
    expect(await presence.isStillMember(guildId, member.id)).toBe(true);

    clock.advance(-1);
    expect(await presence.isStillMember(guildId, member.id)).toBe(true);

    expect(memberRequests()).toBe(2);
  });

  it("keeps no failure: overlapping asks all fail, and the next ask goes to Discord again", async () => {
    const member = fake.createMember(guildId, { username: "unknown yet" });
    fake.setRouteOutage(memberRoute, true);

    const failed = await Promise.allSettled(
      Array.from({ length: 3 }, () => presence.isStillMember(guildId, member.id)),
    );
    expect(failed.map((outcome) => outcome.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(memberRequests()).toBe(1);

    fake.setRouteOutage(memberRoute, false);
    expect(await presence.isStillMember(guildId, member.id)).toBe(true);
    expect(memberRequests()).toBe(2);
  });

  it("tells servers apart, and shares nothing with another presence", async () => {
    const member = fake.createMember(guildId, { username: "member" });
    const otherGuildId = fake.createGuild({ name: "Elsewhere" }).id;
    const other = createMemberPresence(rest, clock);

    expect(await presence.isStillMember(guildId, member.id)).toBe(true);
    expect(await presence.isStillMember(otherGuildId, member.id)).toBe(false);
    expect(await other.isStillMember(guildId, member.id)).toBe(true);

    expect(memberRequests()).toBe(3);
  });

  it("forgets the oldest answer first once it keeps as many as it may", async () => {
    const small = createMemberPresence(rest, clock, { maxRemembered: 2 });
    const [first, second, third] = ["first", "second", "third"].map(
      (username) => fake.createMember(guildId, { username }).id,
    );
    for (const userId of [first!, second!, third!]) await small.isStillMember(guildId, userId);
    expect(memberRequests()).toBe(3);

    // The second and third are still known; the first was forgotten and is asked about again.
    await small.isStillMember(guildId, third!);
    await small.isStillMember(guildId, second!);
    expect(memberRequests()).toBe(3);
    await small.isStillMember(guildId, first!);
    expect(memberRequests()).toBe(4);
  });
});
