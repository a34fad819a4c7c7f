import type { APIApplicationRoleConnection, APIApplicationRoleConnectionMetadata } from "discord.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { approveAuthorization, denyAuthorization } from "../oauth2/consent.js";
import { OAuth2Error } from "../oauth2/oauth2-error.js";

/**
 * The application's OAuth2 as its developer sets it up, users' consent without a browser, and what
 * Linked Roles hold: `fake.oauth2`.
 */
export class OAuth2Admin {
  constructor(private readonly state: FakeDiscordState) {}

  get clientId(): string {
    return this.state.applicationId;
  }

  /** The client secret the bot sends to the token endpoint. */
  get clientSecret(): string {
    return this.state.oauth2.clientSecret;
  }

  /** Registers a redirect URI, as in the developer portal; authorize requests must use one exactly. */
  addRedirectUri(uri: string): void {
    this.state.oauth2.redirectUris.add(uri);
  }

  /**
   * The user clicks Authorize on the consent page for this authorize URL (as the bot built it): returns
   * where Discord redirects them, with `code` and `state`, or `error` when the request was refused.
   */
  approve(authorizeUrl: string, userId: string): string {
    return this.decide(authorizeUrl, (query) => approveAuthorization(this.state, query, userId));
  }

  /** The user clicks Cancel: the redirect carries `error=access_denied` and `state`. */
  deny(authorizeUrl: string): string {
    return this.decide(authorizeUrl, (query) => denyAuthorization(this.state, query));
  }

  /** Who is signed in to Discord in the browser: the consent page shows them chosen (undefined: the first user). */
  signIn(userId: string | undefined): void {
    if (userId !== undefined) this.state.world.requireUser(userId);
    this.state.oauth2.signedInUserId = userId;
  }

  /** The user adds the app to their account (USER_INSTALL), as authorizing with integration_type=1 does. */
  installForUser(userId: string): void {
    this.state.world.requireUser(userId);
    this.state.oauth2.userInstalls.add(userId);
  }

  isInstalledForUser(userId: string): boolean {
    return this.state.oauth2.userInstalls.has(userId);
  }

  /** How many of the user's authorizations of the application still stand (not revoked). */
  unrevokedGrantsOf(userId: string): number {
    return this.state.oauth2.unrevokedGrantsOf(userId);
  }

  /** The metadata records the application registered (PUT .../role-connections/metadata). */
  roleConnectionMetadata(): readonly APIApplicationRoleConnectionMetadata[] {
    return this.state.roleConnections.metadata;
  }

  /** A user's role connection as the application last set it; undefined when never set (or deleted). */
  roleConnection(userId: string): APIApplicationRoleConnection | undefined {
    return this.state.roleConnections.hasConnection(userId)
      ? this.state.roleConnections.connectionOf(userId)
      : undefined;
  }

  /**
   * Calls `listener` with the user's id after the application sets or deletes a user's role connection (e.g.
   * for a live view of profiles); returns a function that stops it.
   */
  onRoleConnectionChange(listener: (userId: string) => void): () => void {
    return this.state.roleConnections.onChange(listener);
  }

  /** Every connection the application set for the user (each accepted PUT), oldest first. */
  roleConnectionWrites(userId: string): readonly APIApplicationRoleConnection[] {
    return this.state.roleConnections.writesOf(userId);
  }

  /** Resolves once the user's role connection satisfies `predicate` (set through the API). */
  waitForRoleConnection(
    userId: string,
    predicate: (connection: APIApplicationRoleConnection) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<APIApplicationRoleConnection> {
    return this.state.signal.waitFor(
      () => {
        const connection = this.roleConnection(userId);
        return connection !== undefined && predicate(connection) ? connection : undefined;
      },
      timeoutMs,
      `a role connection for user ${userId}`,
    );
  }

  private decide(authorizeUrl: string, decide: (query: Record<string, string>) => string): string {
    const query = Object.fromEntries(new URL(authorizeUrl).searchParams);
    try {
      return decide(query);
    } catch (error) {
      // A refusal Discord sends back to the redirect URI is an answer here too, as the browser would see it.
      if (error instanceof OAuth2Error && error.redirect !== null) return error.redirect;
      throw error;
    }
  }
}
