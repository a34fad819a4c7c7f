import { z } from "zod";

/** The body of every JSON 4xx/5xx answer: the app's error handler (error-handler.ts) and routes' refusals. */
export const errorBodySchema = z.object({ error: z.string(), requestId: z.string().optional() });
