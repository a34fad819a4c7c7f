// Input pieces shared by several routes. Query values arrive as strings, hence the coercions.
import { z } from "zod";
import type { SandboxState } from "../state.js";

export const idParams = z.object({ id: z.string().min(1) });

/** `limit` bounds are not in the spec: 1–100 here. */
export const limitQuery = z.coerce.number().int().min(1).max(100);
export const offsetQuery = z.coerce.number().int().min(0);

/** How many items a list serves for `limit`: at most the sandbox's page cap (`SANDBOX_LIST_PAGE_CAP`). */
export function servedPageSize(state: Pick<SandboxState, "listPageCap">, limit: number): number {
  return Math.min(limit, state.listPageCap);
}

export const timestamp = z.string();

export const userRef = z.object({ id: z.string(), username: z.string() });
