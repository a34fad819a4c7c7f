import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * A named dependency the instance needs to serve traffic (database, gateway…): true when it serves, false when
 * it fails, or why it fails ("cannot write: disk full (since …)"), which /readyz shows in place of "failing".
 */
export interface ReadinessCheck {
  readonly name: string;
  readonly check: () => Promise<boolean | string> | boolean | string;
}

const statusSchema = z.object({
  status: z.string(),
  checks: z.record(z.string(), z.string()).optional(),
});

/** `/healthz` says the process is alive; `/readyz` says every dependency answers (docs/architecture.md, "Running"). */
export const healthRoutes: FastifyPluginAsyncZod<{ checks: readonly ReadinessCheck[] }> = (
  app,
  { checks },
) => {
  app.get("/healthz", { schema: { response: { 200: statusSchema } } }, () => ({ status: "ok" }));

  app.get(
    "/readyz",
    { schema: { response: { 200: statusSchema, 503: statusSchema } } },
    async (_request, reply) => {
      const results = await Promise.all(
        checks.map(async ({ name, check }) => {
          try {
            const result = await check();
            if (typeof result === "string") return [name, result] as const;
            return [name, result ? "ok" : "failing"] as const;
          } catch {
            return [name, "failing"] as const;
          }
        }),
      );
      const ready = results.every(([, state]) => state === "ok");
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? "ready" : "not ready", checks: Object.fromEntries(results) });
    },
  );
  return Promise.resolve();
};
