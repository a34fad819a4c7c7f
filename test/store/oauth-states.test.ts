import { describe, expect, it } from "vitest";
import { bindOAuthStart } from "../../src/store/oauth-starts.js";
import {
  consumeOAuthState,
  createOAuthState,
  findOAuthState,
  hashOAuthState,
  type OAuthStateInput,
} from "../../src/store/oauth-states.js";
import { pruneOAuthStates } from "../../src/store/oauth-state-removals.js";
import type { Database } from "../../src/store/database.js";
import type { Kysely } from "kysely";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const tenMinutes = 10 * 60_000;

function stateInput(state: string, overrides: Partial<OAuthStateInput> = {}): OAuthStateInput {
  return {
    state,
    startId: `start-for-${state}`,
    authorizeUrl: `https://platform.example/oauth/authorize?state=${state}`,
    guildId: "100000000000000001",
    userId: "200000000000000001",
    names: { memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" },
    codeVerifier: `verifier-for-${state}`,
    interactionToken: `interaction-for-${state}`,
    expiresAt: testNow + tenMinutes,
    now: testNow,
    ...overrides,
  };
}

/** The key of the browser that opened `state`'s sign-in link. */
const browserOf = (state: string) => `browser-for-${state}`;

/** A state as /link makes it, then opened in its browser (the start route's binding). */
async function createOpenedState(db: Kysely<Database>, input: OAuthStateInput): Promise<void> {
  await createOAuthState(db, box, input);
  const bound = await bindOAuthStart(db, {
    startId: input.startId,
    browserKey: browserOf(input.state),
    now: input.now,
  });
  if (!bound) throw new Error(`could not open ${input.state}'s sign-in link`);
}

describe.each(testDatabases())("OAuth states on $name", (database) => {
  const store = useMigratedStore(database);

  it("gives the guild, member, verifier and interaction token back once", async () => {
    await createOpenedState(store.db, stateInput("state-a"));
    expect(
      await consumeOAuthState(store.db, box, {
        state: "state-a",
        browserKey: browserOf("state-a"),
        now: testNow + 1000,
      }),
    ).toEqual({
      ok: true,
      grant: {
        guildId: "100000000000000001",
        userId: "200000000000000001",
        origin: "link",
        names: { memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" },
        codeVerifier: "verifier-for-state-a",
        interactionToken: "interaction-for-state-a",
      },
    });
    expect(
      await consumeOAuthState(store.db, box, {
        state: "state-a",
        browserKey: browserOf("state-a"),
        now: testNow + 2000,
      }),
    ).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("keeps a personal link's sign-in, with no server and no interaction, as the Linked Roles verification starts it", async () => {
    await createOpenedState(store.db, {
      ...stateInput("state-personal"),
      guildId: undefined,
      interactionToken: undefined,
      origin: "linked_roles",
    });
    const consumed = await consumeOAuthState(store.db, box, {
      state: "state-personal",
      browserKey: browserOf("state-personal"),
      now: testNow + 1000,
    });
    expect(consumed).toMatchObject({
      ok: true,
      grant: {
        userId: "200000000000000001",
        origin: "linked_roles",
        codeVerifier: "verifier-for-state-personal",
      },
    });
    expect(consumed.ok && consumed.grant.guildId).toBeUndefined();
    expect(consumed.ok && consumed.grant.interactionToken).toBeUndefined();
  });

  it("shows a pending state's member and server without taking it out", async () => {
    await createOpenedState(store.db, stateInput("state-shown"));
    const pending = {
      guildId: "100000000000000001",
      userId: "200000000000000001",
      origin: "link",
      names: { memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" },
    };
    expect(
      await findOAuthState(store.db, {
        state: "state-shown",
        browserKey: browserOf("state-shown"),
        now: testNow,
      }),
    ).toEqual({
      ok: true,
      pending,
    });
    expect(
      await findOAuthState(store.db, {
        state: "state-shown",
        browserKey: browserOf("state-shown"),
        now: testNow,
      }),
    ).toEqual({
      ok: true,
      pending,
    });
    expect(
      (
        await consumeOAuthState(store.db, box, {
          state: "state-shown",
          browserKey: browserOf("state-shown"),
          now: testNow,
        })
      ).ok,
    ).toBe(true);
    expect(
      await findOAuthState(store.db, {
        state: "state-shown",
        browserKey: browserOf("state-shown"),
        now: testNow,
      }),
    ).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("tells an expired pending state from one it never issued, and keeps names it was not told", async () => {
    const unnamed = { memberName: "Alice", memberUsername: "alice", guildName: undefined };
    await createOpenedState(store.db, stateInput("state-unnamed", { names: unnamed }));
    expect(
      await findOAuthState(store.db, {
        state: "state-unnamed",
        browserKey: browserOf("state-unnamed"),
        now: testNow,
      }),
    ).toMatchObject({
      ok: true,
      pending: { names: unnamed },
    });
    expect(
      await findOAuthState(store.db, {
        state: "state-unnamed",
        browserKey: browserOf("state-unnamed"),
        now: testNow + tenMinutes,
      }),
    ).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(
      await findOAuthState(store.db, { state: "forged", browserKey: browserOf("forged"), now: testNow }),
    ).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("answers only the browser that opened the sign-in link, and another's uses nothing up", async () => {
    await createOpenedState(store.db, stateInput("state-bound"));
    const elsewhere = { state: "state-bound", browserKey: browserOf("someone-else"), now: testNow };
    expect(await findOAuthState(store.db, elsewhere)).toEqual({ ok: false, reason: "other_browser" });
    expect(await consumeOAuthState(store.db, box, elsewhere)).toEqual({ ok: false, reason: "other_browser" });
    // Told so even once the state expired: another browser learns nothing about it.
    expect(await findOAuthState(store.db, { ...elsewhere, now: testNow + tenMinutes })).toEqual({
      ok: false,
      reason: "other_browser",
    });
    const own = { state: "state-bound", browserKey: browserOf("state-bound"), now: testNow };
    expect((await consumeOAuthState(store.db, box, own)).ok).toBe(true);
  });

  it("answers no browser before one opened the sign-in link", async () => {
    await createOAuthState(store.db, box, stateInput("state-unopened"));
    const lookup = { state: "state-unopened", browserKey: browserOf("state-unopened"), now: testNow };
    expect(await findOAuthState(store.db, lookup)).toEqual({ ok: false, reason: "other_browser" });
    expect(await consumeOAuthState(store.db, box, lookup)).toEqual({ ok: false, reason: "other_browser" });
    expect(await store.db.selectFrom("oauth_states").select("state_hash").execute()).toHaveLength(1);
  });

  it("lets only one of two simultaneous callbacks use a state", async () => {
    await createOpenedState(store.db, stateInput("state-race"));
    const results = await Promise.all([
      consumeOAuthState(store.db, box, {
        state: "state-race",
        browserKey: browserOf("state-race"),
        now: testNow,
      }),
      consumeOAuthState(store.db, box, {
        state: "state-race",
        browserKey: browserOf("state-race"),
        now: testNow,
      }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it("refuses an expired state and removes it", async () => {
    await createOpenedState(store.db, stateInput("state-old"));
    expect(
      await consumeOAuthState(store.db, box, {
        state: "state-old",
        browserKey: browserOf("state-old"),
        now: testNow + tenMinutes,
      }),
    ).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await store.db.selectFrom("oauth_states").selectAll().execute()).toEqual([]);
  });

  it("refuses a state it never issued", async () => {
    expect(
      await consumeOAuthState(store.db, box, {
        state: "forged",
        browserKey: browserOf("forged"),
        now: testNow,
      }),
    ).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("stores only hashes of the state, start id and browser key, and seals the verifier, token and URL", async () => {
    await createOpenedState(store.db, stateInput("state-private"));
    const rows = await store.db.selectFrom("oauth_states").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.state_hash).toBe(hashOAuthState("state-private"));
    expect(rows[0]?.start_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.browser_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toMatch(
      /state-private|verifier-for|interaction-for|start-for|browser-for|platform\.example/,
    );
  });

  it("prunes only expired states", async () => {
    await createOAuthState(store.db, box, stateInput("expired", { expiresAt: testNow - 1 }));
    await createOpenedState(store.db, stateInput("live"));
    expect(await pruneOAuthStates(store.db, box, testNow)).toEqual({ pruned: 1, abandonedCredentials: [] });
    expect(
      (await consumeOAuthState(store.db, box, { state: "live", browserKey: browserOf("live"), now: testNow }))
        .ok,
    ).toBe(true);
  });
});
