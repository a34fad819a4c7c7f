import type { z } from "zod";
import { PlatformProtocolError } from "./errors.js";

/** Parses a 2xx body with its schema, or throws a PlatformProtocolError naming the bad fields. */
export function parseResponseBody<T>(schema: z.ZodType<T>, body: unknown, operation: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new PlatformProtocolError(operation, describeIssues(result.error, body));
}

/**
 * What a schema found wrong in `value`, by path and expected type, at most 10; paths are named from the
 * answer's top when `value` sits at `at` in it (an item of a list read one at a time).
 */
export function describeIssues(error: z.ZodError, value: unknown, at: readonly PropertyKey[] = []): string[] {
  return error.issues.slice(0, 10).map((issue) => describeIssue(issue, value, at));
}

// Only the path and the expected type are reported: a value could be a secret (a webhook secret, a token).
function describeIssue(issue: z.core.$ZodIssue, value: unknown, at: readonly PropertyKey[]): string {
  const path = [...at, ...issue.path];
  const where = path.length === 0 ? "body" : formatPath(path);
  if (issue.code === "custom") return `${where}: ${issue.message}`;
  if (issue.code === "invalid_type") {
    return readPath(value, issue.path) === undefined
      ? `${where}: missing`
      : `${where}: should be ${issue.expected}`;
  }
  return `${where}: invalid`;
}

export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => {
      if (typeof key === "number") return `[${key}]`;
      return index === 0 ? String(key) : `.${String(key)}`;
    })
    .join("");
}

function readPath(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
