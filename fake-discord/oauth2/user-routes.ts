import { isBearerAuthorization } from "./bearer-grant.js";

/** OAuth2's own routes: the client authenticates in the form, or a bearer token in the route. */
const oauth2Paths: ReadonlySet<string> = new Set([
  "/oauth2/authorize",
  "/oauth2/token",
  "/oauth2/token/revoke",
  "/oauth2/@me",
]);

/** Routes a user's bearer token may call (docs: Resources, User — each route names its OAuth2 scope). */
const bearerPaths: ReadonlySet<string> = new Set([
  "/users/@me",
  "/users/@me/applications/:applicationId/role-connection",
]);

/**
 * Whether a request to this declared route is made as a user, so no bot token is asked for.
 * `Routes.user("@me")` encodes the @ (`/users/%40me`), which the router matches as `/users/:userId`.
 */
export function authenticatesAsUser(
  path: string,
  params: Readonly<Record<string, string | undefined>>,
  authorization: string | undefined,
): boolean {
  const declared = path === "/users/:userId" && params.userId === "@me" ? "/users/@me" : path;
  return oauth2Paths.has(declared) || (bearerPaths.has(declared) && isBearerAuthorization(authorization));
}
