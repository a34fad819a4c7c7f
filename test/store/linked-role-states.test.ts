import { describe, expect, it } from "vitest";
import {
  createLinkedRoleState,
  pruneLinkedRoleStates,
  takeLinkedRoleState,
} from "../../src/store/linked-role-states.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const tenMinutes = 10 * 60_000;

describe.each(testDatabases())("Linked Roles states on $name", (database) => {
  const store = useMigratedStore(database);
  const create = (state: string, expiresAt = testNow + tenMinutes) =>
    createLinkedRoleState(store.db, box, {
      state,
      browserKey: `browser-of-${state}`,
      codeVerifier: `verifier-of-${state}`,
      expiresAt,
      now: testNow,
    });

  it("gives the verifier once, to the browser that opened it; another browser uses up nothing", async () => {
    await create("s-1");
    const take = (browserKey: string | undefined, now = testNow) =>
      takeLinkedRoleState(store.db, box, { state: "s-1", browserKey, now });
    expect(await take("browser-of-s-2")).toEqual({ ok: false, reason: "other_browser" });
    expect(await take(undefined)).toEqual({ ok: false, reason: "other_browser" });
    expect(await take("browser-of-s-1")).toEqual({ ok: true, codeVerifier: "verifier-of-s-1" });
    expect(await take("browser-of-s-1")).toEqual({ ok: false, reason: "unknown" });
  });

  it("refuses an expired state and prunes those past their 10 minutes", async () => {
    await create("old");
    await create("abandoned");
    await create("fresh", testNow + 2 * tenMinutes);
    expect(
      await takeLinkedRoleState(store.db, box, {
        state: "old",
        browserKey: "browser-of-old",
        now: testNow + tenMinutes,
      }),
    ).toEqual({ ok: false, reason: "expired" });
    expect(await pruneLinkedRoleStates(store.db, testNow + tenMinutes)).toBe(1);
    expect(
      await takeLinkedRoleState(store.db, box, {
        state: "fresh",
        browserKey: "browser-of-fresh",
        now: testNow,
      }),
    ).toEqual({ ok: true, codeVerifier: "verifier-of-fresh" });
  });
});
