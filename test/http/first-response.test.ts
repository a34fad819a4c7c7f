import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { InteractionResponseType } from "discord-api-types/v10";
import { afterEach, describe, expect, it } from "vitest";
import { captureFirstResponse } from "../../src/http/first-response.js";

describe("captureFirstResponse", () => {
  let server: Server | undefined;
  afterEach(async () => {
    if (server === undefined) return;
    server.close();
    await once(server, "close");
  });

  /** One request whose handler defers, then records when its own work goes on next to other pending work. */
  async function deferThenWork(): Promise<{ answer: unknown; order: string[] }> {
    const order: string[] = [];
    let handled: Promise<void> = Promise.resolve();
    server = createServer((_request, response) => {
      const capture = captureFirstResponse(response);
      void capture.first.then(({ response: first }) => {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(first));
      });
      handled = (async () => {
        const sent = capture.sendInitial(
          { type: InteractionResponseType.DeferredChannelMessageWithSource },
          [],
        );
        // Work that was waiting when the answer went out, e.g. the next interaction of a burst.
        setImmediate(() => order.push("other interaction"));
        await sent;
        order.push("handler's work after the answer");
      })();
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const answer: unknown = await (await fetch(url, { method: "POST" })).json();
    await handled;
    return { answer, order };
  }

  it("answers with the handler's first response", async () => {
    const { answer } = await deferThenWork();
    expect(answer).toEqual({ type: InteractionResponseType.DeferredChannelMessageWithSource });
  });

  it("lets work already waiting go first once the answer is written, before the handler goes on", async () => {
    const { order } = await deferThenWork();
    expect(order).toEqual(["other interaction", "handler's work after the answer"]);
  });
});
