// The playground's page: a small Fastify app on 127.0.0.1 with a JSON API over the fake Discord's driver
// (read the server and its messages as one member, act as that member), a live stream of message changes,
// the platform's controls, and the page's files.
import Fastify from "fastify";
import { ZodError } from "zod";
import type { Playground } from "../start-playground.js";
import { registerDmRoutes } from "./dm-routes.js";
import { registerEventRoutes } from "./event-routes.js";
import { registerInteractionRoutes } from "./interaction-routes.js";
import { refuseForeignRequests } from "./local-only.js";
import { registerLiveRoute } from "./live-route.js";
import { registerPlatformRoutes } from "./platform-routes.js";
import { registerStaticRoutes } from "./static-routes.js";
import { registerWorldRoutes } from "./world-routes.js";

export interface WebServer {
  /** e.g. http://127.0.0.1:5173 */
  readonly url: string;
  close(): Promise<void>;
}

export async function startWebServer(playground: Playground, port = 0): Promise<WebServer> {
  // Live streams stay open; closing ends them rather than waiting for the page to go.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.setErrorHandler((error, _request, reply) => {
    // Mistakes (an unknown option, a disabled button, a bad payload) are the member's to read.
    const message =
      error instanceof ZodError
        ? error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")
        : error instanceof Error
          ? error.message
          : String(error);
    const status =
      typeof (error as { statusCode?: unknown }).statusCode === "number"
        ? (error as { statusCode: number }).statusCode
        : 400;
    void reply.code(status >= 500 ? 400 : status).send({ error: message });
  });
  refuseForeignRequests(app);
  registerStaticRoutes(app);
  registerWorldRoutes(app, playground);
  registerEventRoutes(app, playground);
  registerInteractionRoutes(app, playground);
  registerPlatformRoutes(app, playground);
  registerLiveRoute(app, playground);
  registerDmRoutes(app, playground);
  const address = await app.listen({ host: "127.0.0.1", port });
  return {
    url: address,
    async close() {
      await app.close();
    },
  };
}
