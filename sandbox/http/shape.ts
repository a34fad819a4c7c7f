// Where the spec shows two response shapes, a request picks one: `?shape=A|B`, else the
// `X-Sandbox-Shape` header, else its credential's shape, else the sandbox default (SANDBOX_SHAPE).
import type { FastifyRequest } from "fastify";
import { invalidField } from "../errors.js";
import type { Shape } from "../state.js";
import type { Principal } from "./principal.js";

export function resolveShape(
  request: FastifyRequest,
  principal: Principal | undefined,
  fallback: Shape,
): Shape {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.shape;
  const fromHeader = request.headers["x-sandbox-shape"];
  const requested =
    typeof fromQuery === "string" ? fromQuery : typeof fromHeader === "string" ? fromHeader : undefined;
  if (requested === undefined) return principal?.shape ?? fallback;
  const shape = requested.trim().toUpperCase();
  if (shape !== "A" && shape !== "B") throw invalidField("shape", requested, "shape must be A or B");
  return shape;
}
