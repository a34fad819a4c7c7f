// A verified member whose platform account is gone (docs/architecture.md, "Linked Roles"): the platform
// answers 404 to their own record, which only linking again can mend. Like a refused credential, it clears
// what their profile showed, both when a queued write finds it and when they verify again, which tells them
// to run /link; before, the write failed with the old values left meeting role requirements, and the page
// said to retry. Against the fake Discord and the platform fixture, on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { queueRoleConnectionWrite } from "../../src/store/role-connection-writes.js";
import type { FakeDiscord } from "../../fake-discord/index.js";
import type { PlatformFixture } from "../api/platform-fixture.js";
import {
  createTestRoleConnectionWorker,
  type LinkedRolesApp,
  type LinkedRolesWorld,
  startLinkedRolesWorld,
  verifiedMember,
} from "../http/support/linked-roles-app.js";

const cleared = { platform_name: null, platform_username: null, metadata: {} };
const accountGone = {
  status: 404,
  body: { error: { code: "NOT_FOUND", message: "User not found", requestId: "req_gone" } },
};

describe("a verified member whose platform account is gone", () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  let world: LinkedRolesWorld;
  let fake: FakeDiscord;
  let platform: PlatformFixture;
  let linkedRoles: LinkedRolesApp;
  let guildId: string;

  beforeAll(async () => {
    world = await startLinkedRolesWorld({ clock });
    ({ fake, platform, linkedRoles, guildId } = world);
  });
  afterAll(() => world.close());

  const verified = (username: string) =>
    verifiedMember(linkedRoles, fake, { guildId, username, now: clock.now() });

  it("has its connection cleared by the queued write that finds it", async () => {
    const userId = await verified("gwen");
    expect(fake.oauth2.roleConnection(userId)?.platform_username).toBeTruthy();
    const worker = createTestRoleConnectionWorker(linkedRoles);
    await queueRoleConnectionWrite(linkedRoles.deps.db, {
      userId,
      cause: "user.rating_changed",
      now: clock.now(),
    });
    platform.queueReplies(accountGone);
    expect(await worker.runOnce()).toEqual(["cleared"]);
    expect(fake.oauth2.roleConnection(userId)).toEqual(cleared);
  });

  it("is told at the verification URL to link again, and its connection cleared", async () => {
    const userId = await verified("hugo");
    expect(fake.oauth2.roleConnection(userId)?.platform_username).toBeTruthy();
    platform.queueReplies(accountGone);
    const { authorizeUrl, browser } = await linkedRoles.open();
    const page = await linkedRoles.callback(fake.oauth2.approve(authorizeUrl, userId), browser);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("Your platform link needs renewing");
    expect(page.body).toContain("Run /link again");
    expect(fake.oauth2.roleConnection(userId)).toEqual(cleared);
  });
});
