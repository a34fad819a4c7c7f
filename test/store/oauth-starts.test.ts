// The sign-in link's start id (docs/architecture.md, "Linking"): it finds its pending sign-in and opens the
// authorize URL sealed with it, binds the first browser that opens it, and tells that browser from any other.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { bindOAuthStart, findOAuthStart } from "../../src/store/oauth-starts.js";
import { createOAuthState } from "../../src/store/oauth-states.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const tenMinutes = 10 * 60_000;
const authorizeUrl = "https://platform.example/oauth/authorize?state=the-state&code_challenge=abc";

describe.each(testDatabases())("OAuth sign-in starts on $name", (database) => {
  const store = useMigratedStore(database);

  const createState = (startId: string) =>
    createOAuthState(store.db, box, {
      state: `state-of-${startId}`,
      startId,
      authorizeUrl,
      guildId: "100000000000000001",
      userId: "200000000000000001",
      names: { memberName: "Alice", memberUsername: "alice", guildName: "Arena Club" },
      codeVerifier: "verifier",
      interactionToken: "interaction-token",
      expiresAt: testNow + tenMinutes,
      now: testNow,
    });
  const find = (startId: string, browserKey: string | undefined, now = testNow) =>
    findOAuthStart(store.db, box, { startId, browserKey, now });

  it("finds an unopened start with its authorize URL, bound to no browser", async () => {
    await createState("start-a");
    expect(await find("start-a", undefined)).toEqual({
      ok: true,
      authorizeUrl,
      expiresAt: testNow + tenMinutes,
      boundTo: "none",
    });
  });

  it("binds the first browser only, and tells it from every other afterwards", async () => {
    await createState("start-b");
    expect(await bindOAuthStart(store.db, { startId: "start-b", browserKey: "first", now: testNow })).toBe(
      true,
    );
    expect(await bindOAuthStart(store.db, { startId: "start-b", browserKey: "second", now: testNow })).toBe(
      false,
    );
    expect(await find("start-b", "first")).toMatchObject({ ok: true, boundTo: "this_browser" });
    expect(await find("start-b", "second")).toMatchObject({ ok: true, boundTo: "another_browser" });
    expect(await find("start-b", undefined)).toMatchObject({ ok: true, boundTo: "another_browser" });
  });

  it("binds only one of two browsers opening the link at once", async () => {
    await createState("start-race");
    const bound = await Promise.all(
      ["one", "two", "three"].map((browserKey) =>
        bindOAuthStart(store.db, { startId: "start-race", browserKey, now: testNow }),
      ),
    );
    expect(bound.filter(Boolean)).toHaveLength(1);
  });

  it("tells an expired start from one it never issued, and binds neither", async () => {
    await createState("start-old");
    expect(await find("start-old", undefined, testNow + tenMinutes)).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(
      await bindOAuthStart(store.db, { startId: "start-old", browserKey: "late", now: testNow + tenMinutes }),
    ).toBe(false);
    expect(await find("never-issued", undefined)).toEqual({ ok: false, reason: "unknown" });
    expect(await bindOAuthStart(store.db, { startId: "never-issued", browserKey: "any", now: testNow })).toBe(
      false,
    );
  });

  it("knows no start for a sign-in made before start links existed", async () => {
    await createState("start-legacy");
    await sql`update oauth_states set start_hash = null, authorize_url = null`.execute(store.db);
    expect(await find("start-legacy", undefined)).toEqual({ ok: false, reason: "unknown" });
  });
});
