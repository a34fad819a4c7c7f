import { describe, expect, it } from "vitest";
import {
  consumeOAuthState,
  createOAuthState,
  findOAuthState,
  hashOAuthState,
  pruneOAuthStates,
  type OAuthStateInput,
} from "../../src/store/oauth-states.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const tenMinutes = 10 * 60_000;

function stateInput(state: string, overrides: Partial<OAuthStateInput> = {}): OAuthStateInput {
  return {
    state,
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

describe.each(testDatabases())("OAuth states on $name", (database) => {
  const store = useMigratedStore(database);

  it("gives the guild, member, verifier and interaction token back once", async () => {
    await createOAuthState(store.db, box, stateInput("state-a"));
    expect(await consumeOAuthState(store.db, box, { state: "state-a", now: testNow + 1000 })).toEqual({
      ok: true,
      grant: {
        guildId: "100000000000000001",
        userId: "200000000000000001",
        names: { memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" },
        codeVerifier: "verifier-for-state-a",
        interactionToken: "interaction-for-state-a",
      },
    });
    expect(await consumeOAuthState(store.db, box, { state: "state-a", now: testNow + 2000 })).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("shows a pending state's member and server without taking it out", async () => {
    await createOAuthState(store.db, box, stateInput("state-shown"));
    const pending = {
      guildId: "100000000000000001",
      userId: "200000000000000001",
      names: { memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" },
    };
    expect(await findOAuthState(store.db, { state: "state-shown", now: testNow })).toEqual({
      ok: true,
      pending,
    });
    expect(await findOAuthState(store.db, { state: "state-shown", now: testNow })).toEqual({
      ok: true,
      pending,
    });
    expect((await consumeOAuthState(store.db, box, { state: "state-shown", now: testNow })).ok).toBe(true);
    expect(await findOAuthState(store.db, { state: "state-shown", now: testNow })).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("tells an expired pending state from one it never issued, and keeps names it was not told", async () => {
    const unnamed = { memberName: "Alice", memberUsername: "alice", guildName: undefined };
    await createOAuthState(store.db, box, stateInput("state-unnamed", { names: unnamed }));
    expect(await findOAuthState(store.db, { state: "state-unnamed", now: testNow })).toMatchObject({
      ok: true,
      pending: { names: unnamed },
    });
    expect(await findOAuthState(store.db, { state: "state-unnamed", now: testNow + tenMinutes })).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await findOAuthState(store.db, { state: "forged", now: testNow })).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("lets only one of two simultaneous callbacks use a state", async () => {
    await createOAuthState(store.db, box, stateInput("state-race"));
    const results = await Promise.all([
      consumeOAuthState(store.db, box, { state: "state-race", now: testNow }),
      consumeOAuthState(store.db, box, { state: "state-race", now: testNow }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it("refuses an expired state and removes it", async () => {
    await createOAuthState(store.db, box, stateInput("state-old"));
    expect(await consumeOAuthState(store.db, box, { state: "state-old", now: testNow + tenMinutes })).toEqual(
      {
        ok: false,
        reason: "expired",
      },
    );
    expect(await store.db.selectFrom("oauth_states").selectAll().execute()).toEqual([]);
  });

  it("refuses a state it never issued", async () => {
    expect(await consumeOAuthState(store.db, box, { state: "forged", now: testNow })).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("stores only a hash of the state and sealed verifier and token", async () => {
    await createOAuthState(store.db, box, stateInput("state-private"));
    const rows = await store.db.selectFrom("oauth_states").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.state_hash).toBe(hashOAuthState("state-private"));
    expect(JSON.stringify(rows)).not.toMatch(/state-private|verifier-for|interaction-for/);
  });

  it("prunes only expired states", async () => {
    await createOAuthState(store.db, box, stateInput("expired", { expiresAt: testNow - 1 }));
    await createOAuthState(store.db, box, stateInput("live"));
    expect(await pruneOAuthStates(store.db, testNow)).toBe(1);
    expect((await consumeOAuthState(store.db, box, { state: "live", now: testNow })).ok).toBe(true);
  });
});
