/** The body of every 4xx/5xx answer (build-http-app.ts's error handler and the routes' own refusals). */
export const errorBodySchema = {
  type: "object",
  properties: { error: { type: "string" }, requestId: { type: "string" } },
  required: ["error"],
  additionalProperties: false,
} as const;
