// The page's own files (playground/web/static-routes.ts): its icon is served where a browser looks for it, so
// loading the page logs no 404 in the console.
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerStaticRoutes } from "../../playground/web/static-routes.js";

describe("the playground page's static routes", () => {
  it("serves the icon the page names and the /favicon.ico a browser may ask for", async () => {
    const app = Fastify();
    registerStaticRoutes(app);
    try {
      const page = await app.inject({ method: "GET", url: "/" });
      expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/static/favicon.svg" />');
      for (const url of ["/static/favicon.svg", "/favicon.ico"]) {
        const icon = await app.inject({ method: "GET", url });
        expect(icon.statusCode).toBe(200);
        expect(icon.headers["content-type"]).toBe("image/svg+xml");
        expect(icon.body).toMatch(/^<svg /);
      }
    } finally {
      await app.close();
    }
  });
});
