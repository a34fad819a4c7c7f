// The connection write a confirmed Linked Roles sign-in queues (docs/architecture.md, "Linked Roles"): held by
// the confirmation, which writes it itself, only while Linked Roles is on; turned off since the sign-in began,
// the page writes nothing, so the row is the worker's at once (which drops it) rather than held for nobody.
import { describe, expect, it } from "vitest";
import type { LinkingDeps } from "../../src/linking/linking-deps.js";
import { completeOAuthLink, startOAuthLink } from "../../src/linking/oauth-link.js";
import { findRoleConnectionWrite } from "../../src/store/role-connection-write-leases.js";
import { saveRoleConnectionToken } from "../../src/store/role-connections.js";
import { testDatabases } from "../store/databases.js";
import { openSignInLink } from "./open-sign-in-link.js";
import { useLinkingFixtures } from "./support/use-linking-fixtures.js";
import { redirectUri } from "./support/oauth-link-flow.js";

const userId = "200000000000000002";

describe.each(testDatabases())("a Linked Roles sign-in's connection write, on $name", (database) => {
  const world = useLinkingFixtures(database);

  /** The deps, Linked Roles on or off, counting the worker's wakes. */
  function depsWith(linkedRoles: boolean): { readonly deps: LinkingDeps; readonly wakes: () => number } {
    let wakes = 0;
    const { config } = world.deps;
    const discord = {
      ...config.discord,
      linkedRoles: linkedRoles
        ? { clientId: "300000000000000003", clientSecret: "client-secret" }
        : undefined,
    };
    const deps: LinkingDeps = {
      ...world.deps,
      config: { ...config, discord },
      wakeRoleConnectionWorker: () => {
        wakes += 1;
      },
    };
    return { deps, wakes: () => wakes };
  }

  /** A member verified on Discord (their token stored) signs in to the platform from the verification. */
  async function confirmSignIn(deps: LinkingDeps, code: string) {
    const now = world.clock.now();
    await saveRoleConnectionToken(deps.db, deps.secretBox, {
      userId,
      credential: { accessToken: "discord-token", refreshToken: "discord-refresh" },
      now,
    });
    const requester = {
      guildId: undefined,
      userId,
      memberName: "Alice",
      memberUsername: "alice",
      guildName: undefined,
    };
    const { url } = await startOAuthLink(deps, requester, undefined, "linked_roles");
    const opened = await openSignInLink(deps, url);
    world.oauthServer.issueCode(code, opened.codeChallenge, redirectUri);
    const result = await completeOAuthLink(deps, {
      state: opened.state,
      code,
      browserKey: opened.browserKey,
    });
    if (!result.ok) throw new Error(`the sign-in was not confirmed: ${result.reason}`);
    return result;
  }

  it("is held by the confirmation while Linked Roles is on, and the worker is not woken for it", async () => {
    const { deps, wakes } = depsWith(true);
    const result = await confirmSignIn(deps, "code-on");
    expect(result.connectionHeld).toMatchObject({ owner: expect.stringMatching(/^sign-in:/) });
    expect(await findRoleConnectionWrite(deps.db, userId)).toMatchObject({
      leaseOwner: result.connectionHeld?.owner,
    });
    expect(wakes()).toBe(0);
  });

  it("is the worker's at once when Linked Roles was turned off since the sign-in began", async () => {
    const { deps, wakes } = depsWith(false);
    const result = await confirmSignIn(deps, "code-off");
    expect(result.connectionHeld).toBeUndefined();
    expect(await findRoleConnectionWrite(deps.db, userId)).toMatchObject({ leaseOwner: null });
    expect(wakes()).toBe(1);
  });
});
