import { once } from "node:events";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { findFreePort } from "../../playground/free-port.js";

describe("findFreePort", () => {
  it("gives a port below the ephemeral ranges that can be listened on at once", async () => {
    const port = await findFreePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
    const server = createServer().listen(port, "127.0.0.1");
    await once(server, "listening");
    server.close();
    await once(server, "close");
  });
});
