// OAuth scopes look like `read:profile`, `write:battles` (the platform's API reference, OAuth 2.0; the full
// list is not shown). The sandbox accepts any `read:`, `write:` or `admin:` scope and grants the highest
// level named.
import type { Level } from "../state.js";

export const scopePattern = /^(read|write|admin):[a-z_]+$/;
export const defaultScopes = ["read:profile"];

/** Scopes arrive plus-separated, which URL decoding may already have turned into spaces. */
export function parseScopes(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === "") return [...defaultScopes];
  const scopes = [...new Set(value.split(/[ +]+/).filter((scope) => scope !== ""))];
  return scopes.every((scope) => scopePattern.test(scope)) ? scopes : undefined;
}

export function levelForScopes(scopes: readonly string[]): Level {
  if (scopes.some((scope) => scope.startsWith("admin:"))) return "admin";
  if (scopes.some((scope) => scope.startsWith("write:"))) return "write";
  return "read";
}
