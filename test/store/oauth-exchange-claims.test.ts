// The claim a callback visit makes before sending a sign-in's code to the token endpoint
// (src/store/oauth-exchange-claims.ts), on each test database.
import { describe, expect, it } from "vitest";
import { claimOAuthExchange, releaseOAuthExchange } from "../../src/store/oauth-exchange-claims.js";
import { bindOAuthStart } from "../../src/store/oauth-starts.js";
import { createOAuthState, savePendingOAuthCredential } from "../../src/store/oauth-states.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const minute = 60_000;

describe.each(testDatabases())("OAuth exchange claims on $name", (database) => {
  const store = useMigratedStore(database);

  async function openedState(
    state: string,
  ): Promise<{ readonly state: string; readonly browserKey: string }> {
    await createOAuthState(store.db, box, {
      state,
      startId: `start-for-${state}`,
      authorizeUrl: `https://platform.example/oauth/authorize?state=${state}`,
      guildId: "100000000000000001",
      userId: "200000000000000001",
      names: { memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" },
      codeVerifier: `verifier-for-${state}`,
      interactionToken: undefined,
      expiresAt: testNow + 10 * minute,
      now: testNow,
    });
    const browserKey = `browser-for-${state}`;
    expect(await bindOAuthStart(store.db, { startId: `start-for-${state}`, browserKey, now: testNow })).toBe(
      true,
    );
    return { state, browserKey };
  }
  const claim = (lookup: { state: string; browserKey: string }, now: number) =>
    claimOAuthExchange(store.db, { ...lookup, now, staleBefore: now - minute });

  it("lets one visit claim the exchange, until it releases it or its claim goes stale", async () => {
    const lookup = await openedState("claimed");
    expect(await claim(lookup, testNow)).toBe(true);
    expect(await claim(lookup, testNow + 1000)).toBe(false);
    await releaseOAuthExchange(store.db, { state: "claimed", claimedAt: testNow });
    expect(await claim(lookup, testNow + 2000)).toBe(true);
    // A visit that never finished leaves a claim that goes stale.
    expect(await claim(lookup, testNow + 2000 + minute)).toBe(true);
    // Releasing a claim that was taken over releases nothing.
    await releaseOAuthExchange(store.db, { state: "claimed", claimedAt: testNow + 2000 });
    expect(await claim(lookup, testNow + 3000 + minute)).toBe(false);
  });

  it("claims nothing for another browser, once the tokens are kept, or after the state expired", async () => {
    const lookup = await openedState("kept");
    expect(await claim({ ...lookup, browserKey: "someone-else" }, testNow)).toBe(false);
    expect(await claim(lookup, testNow + 10 * minute)).toBe(false);
    expect(
      await savePendingOAuthCredential(store.db, box, {
        ...lookup,
        now: testNow,
        credential: "{}",
        platformUsername: "alice",
      }),
    ).toBe(true);
    expect(await claim(lookup, testNow)).toBe(false);
  });
});
