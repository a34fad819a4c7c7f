// The page itself: plain ES modules, a style sheet and the Inter font from node_modules — no build step,
// nothing fetched from the internet.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";

const publicDir = fileURLToPath(new URL("./public/", import.meta.url));
const require = createRequire(import.meta.url);
const fonts: Readonly<Record<string, string>> = {
  "inter-400.ttf": require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
  "inter-600.ttf": require.resolve("@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf"),
  "inter-700.ttf": require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"),
};
const types: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

export function registerStaticRoutes(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply) => {
    // Nothing outside this server: a stray fetch to the internet fails in the browser, too.
    reply.header(
      "content-security-policy",
      "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'",
    );
  });

  app.get("/", async (_request, reply) =>
    reply.type(types[".html"] ?? "").send(await readFile(join(publicDir, "index.html"))),
  );

  // The page names its icon, but a browser may still ask for /favicon.ico; a 404 there is a console error.
  app.get("/favicon.ico", async (_request, reply) =>
    reply
      .type(types[".svg"] ?? "")
      .header("cache-control", "max-age=86400")
      .send(await readFile(join(publicDir, "favicon.svg"))),
  );

  app.get<{ Params: { file: string } }>("/static/:file", async (request, reply) => {
    const { file } = request.params;
    const type = types[extname(file)];
    if (!/^[\w-]+\.\w+$/.test(file) || type === undefined)
      return reply.code(404).send({ error: "Not found" });
    try {
      return await reply.type(type).send(await readFile(join(publicDir, file)));
    } catch {
      return reply.code(404).send({ error: "Not found" });
    }
  });

  app.get<{ Params: { file: string } }>("/fonts/:file", async (request, reply) => {
    const path = fonts[request.params.file];
    if (path === undefined) return reply.code(404).send({ error: "Not found" });
    return reply
      .type("font/ttf")
      .header("cache-control", "max-age=86400")
      .send(await readFile(path));
  });
}
