// The cookie that binds a pending sign-in to the browser that opened the `/link` sign-in link
// (docs/architecture.md, "Linking"). Its value is a random key of which the database keeps only a hash.
import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyRequest } from "fastify";

export const browserCookieName = "arena_oauth_browser";

/** The Linked Roles verification's own cookie, so it never replaces a `/link` sign-in's binding. */
export const linkedRolesCookieName = "arena_linked_roles_browser";

/** What the bot sets: 256 random bits, base64url. Anything else a browser sends is no key at all. */
const browserKeyPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * SameSite=Lax, not Strict: the platform sends the browser back to the callback from its own site, and only a
 * Lax cookie comes with that top-level navigation. HttpOnly keeps it from scripts; Secure whenever PUBLIC_URL
 * is https. It lives as long as the sign-in it binds.
 */
export function browserCookieOptions(
  publicUrl: URL,
  lifetimeMs: number,
): CookieSerializeOptions & { readonly path: string } {
  return {
    path: oauthCookiePath(publicUrl),
    httpOnly: true,
    secure: publicUrl.protocol === "https:",
    sameSite: "lax",
    maxAge: Math.max(1, Math.ceil(lifetimeMs / 1000)),
  };
}

/** `/oauth` under PUBLIC_URL's path: the sign-in and Linked Roles routes, and nothing else of the bot. */
export function oauthCookiePath(publicUrl: URL): string {
  return `${publicUrl.pathname.replace(/\/$/, "")}/oauth`;
}

/** The key this browser holds, or undefined when it sent no cookie of the bot's making. */
export function readBrowserKey(request: FastifyRequest, cookieName = browserCookieName): string | undefined {
  const value = request.cookies[cookieName];
  return value !== undefined && browserKeyPattern.test(value) ? value : undefined;
}
