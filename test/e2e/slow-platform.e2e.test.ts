import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { expectEveryInteractionAnswered } from "./interactions-modes.js";
import { linkMember } from "./link-member.js";

/** A proxy in front of the sandbox that can hold the next platform call for a while, like a slow platform. */
async function startSlowProxy(): Promise<{
  server: Server;
  url: string;
  target: { url: string; delayNextMs: number };
}> {
  const target = { url: "", delayNextMs: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const delay = target.delayNextMs;
      target.delayNextMs = 0;
      setTimeout(() => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === "string" && name !== "host" && name !== "content-length")
            headers.set(name, value);
        }
        void fetch(`${target.url}${request.url ?? "/"}`, {
          method: request.method ?? "GET",
          headers,
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        })
          .then(async (answer) => {
            response.writeHead(answer.status, Object.fromEntries(answer.headers));
            response.end(Buffer.from(await answer.arrayBuffer()));
          })
          // A call still held when the test closes the sandbox finds nothing to forward to.
          .catch(() => response.destroy());
      }, delay);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, target };
}

// The platform takes 4 s, past Discord's 3 s: the answer does not wait for the handler, which completes after.
// bench/interaction-response.ts holds the 10 s of docs/architecture.md, "Performance targets", under load.
// The two modes wait on the platform side by side, each world its own; a mode's tests run in order.
describe.concurrent.each([
  { interactionsMode: "gateway", platformDelayMs: 4_000 },
  { interactionsMode: "http", platformDelayMs: 4_000 },
] as const)(
  "a slow platform, interactions over $interactionsMode",
  ({ interactionsMode, platformDelayMs }) => {
    describe("one world", { concurrent: false }, () => {
      let world: EndToEnd;
      let proxy: Awaited<ReturnType<typeof startSlowProxy>>;

      beforeAll(async () => {
        proxy = await startSlowProxy();
        world = await startEndToEnd({
          platformTimeoutMs: 15_000,
          env: { PLATFORM_API_URL: `${proxy.url}/v1` },
          interactionsMode,
        });
        proxy.target.url = world.sandbox.url;
        const key = world.sandbox.keys.find((seeded) => seeded.level === "write");
        await linkMember(world, world.members.alice.id, key?.key ?? "");
      });
      afterAll(async () => {
        await world.close();
        proxy.server.close();
      });

      it(`still answers Discord within 3 s when the platform takes ${String(platformDelayMs / 1000)} s, and completes afterwards`, async () => {
        proxy.target.delayNextMs = platformDelayMs;
        const started = Date.now();
        const handle = world.discord.runCommand({
          guildId: world.guildId,
          channelId: world.channelId,
          userId: world.members.alice.id,
          name: "whoami",
        });
        // The fake Discord enforces the 3 s deadline itself: a late answer would reject here as expired.
        const response = await handle.response();
        expect(response.type).toBe(5); // deferred: "thinking…"
        const final = await handle.waitForFinal(20_000);
        expect(response.overHttp).toBe(interactionsMode === "http");
        expect(Date.now() - started).toBeGreaterThanOrEqual(platformDelayMs);
        expect(final.embeds[0]?.title).toMatch(/^Linked as /);
      }, 30_000);

      it("opens /profile edit empty within 3 s when the profile read is slow, and an empty input clears nothing", async () => {
        // The platform account alice linked: the first seeded key that may write.
        const linked = world.sandbox.keys.find((seeded) => seeded.level === "write");
        const alice = [...world.sandbox.state.users.values()].find(
          (user) => user.username === linked?.username,
        );
        if (alice === undefined) throw new Error("no linked platform user");
        alice.location = "Lisbon";
        proxy.target.delayNextMs = platformDelayMs;
        const handle = world.discord.runCommand({
          guildId: world.guildId,
          channelId: world.channelId,
          userId: world.members.alice.id,
          name: "profile",
          subcommand: "edit",
        });
        // The fake Discord enforces the 3 s deadline itself: a modal sent late would reject here as expired.
        const modal = await handle.modal();
        expect(modal.custom_id).toBe("profile-edit:0:0:0:0");
        expect(JSON.stringify(modal.components)).not.toContain('"value"');
        expect(JSON.stringify(modal.components)).toContain("Leave empty to keep it as it is");
        const reply = await world.discord
          .submitModal({ from: handle, fields: { displayName: "Slow Alice" } })
          .waitForFinal(20_000);
        expect(reply.embeds[0]?.title).toMatch(/^Profile updated: /);
        expect(alice).toMatchObject({ displayName: "Slow Alice", location: "Lisbon" });
      }, 30_000);

      it("answered every interaction in a way Discord accepts", () => {
        expectEveryInteractionAnswered(world, interactionsMode);
      });
    });
  },
);
