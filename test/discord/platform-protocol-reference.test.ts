// An answer of the platform the bot cannot read (docs/platform-assumptions.md): the member reads that it was not
// understood, with a reference to quote, and the log has that reference with the operation and the fields at
// fault (never their values), which is what mends a wrong assumption. A real platform client against a platform
// on 127.0.0.1 that answers with the wrong shape; the command runs through the fake Discord over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatformHttp } from "../../src/api/http.js";
import { getBattle } from "../../src/api/index.js";
import { describeInteractionError } from "../../src/bot/describe-interaction-error.js";
import { systemClock } from "../../src/clock.js";
import { defineCommand } from "../../src/discord/interaction-handlers.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { captureLogs } from "../linking/support/linking-deps.js";
import { startRouteOverFakeDiscord, type RouteOverFakeDiscord } from "../http/route-over-fake-discord.js";

const secretValue = "value-that-must-not-be-logged";

describe("an answer of the platform the bot cannot read", () => {
  let platform: PlatformFixture;
  let route: RouteOverFakeDiscord;
  const logs = captureLogs("info");

  beforeAll(async () => {
    platform = await startPlatformFixture();
    const http = createPlatformHttp({
      baseUrl: platform.baseUrl,
      webhooksBaseUrl: platform.webhooksBaseUrl,
      timeoutMs: 5000,
      clock: systemClock,
    });
    const data = { name: "status", description: "status", type: 1 } as const;
    const status = defineCommand<object, typeof data>({
      data,
      acknowledge: "none",
      async run(_deps, { responder }) {
        const battle = await getBattle(http, { token: "key_read_0123456789" }, "bat_1");
        await responder.reply({ content: battle.status });
      },
    });
    route = await startRouteOverFakeDiscord([status], {
      logger: logs.logger,
      describeError: (error) => describeInteractionError(error, systemClock.now()),
    });
  });
  afterAll(async () => {
    await route.close();
    await platform.close();
  });

  it("tells the member with a reference that the log carries with the operation and the fields at fault", async () => {
    // `status` has the wrong type, and holds a value that must stay out of the log.
    platform.queueReplies({
      body: {
        id: "bat_1",
        type: "realtime",
        status: { note: secretValue },
        participants: [],
        leaderboard: [],
      },
    });
    const reply = await route.fake.runCommand({ ...route.at, name: "status" }).waitForFinal();
    expect(reply.flags & 64).toBe(64);
    const shown =
      /^The platform sent an answer the bot does not understand\. Reference: `([0-9a-f]{8})`\.$/.exec(
        reply.content,
      );
    expect(shown).not.toBeNull();
    const reference = shown?.[1] ?? "";
    const line = logs.lines.find((each) => each.includes(reference));
    expect(line).toBeDefined();
    const logged = JSON.parse(line ?? "{}") as { level: number; code: string; err: { message: string } };
    expect(logged.level).toBe(40);
    expect(logged.code).toBe("platform_protocol");
    expect(logged.err.message).toContain("/battles/bat_1");
    expect(logged.err.message).toContain("status");
    expect(logs.lines.join("\n")).not.toContain(secretValue);
  });
});
