// Property-based fuzzing of the OAuth doors (docs/architecture.md, "Testing"): whatever id reaches
// GET /oauth/start, whatever query and cookie reach GET /oauth/callback and whatever body and headers reach
// POST /oauth/confirm, the bot never answers 5xx, never asks the platform for a token, and stores no link.
// The confirmations are forged: real pending states and codes, the page's real CSRF token or cookie, but
// never the pair from the same origin.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOAuthState } from "../../src/store/oauth-states.js";
import { startPlatformFixture, type PlatformFixture } from "../api/platform-fixture.js";
import { startOAuthFixture, type OAuthFixture } from "../oauth/oauth-fixture.js";
import {
  buildOAuthLinkApp,
  publicUrl,
  type ApprovedSignIn,
  type ConfirmForm,
  type OAuthLinkApp,
} from "./support/oauth-link-app.js";

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
});
const anyText = fc.oneof(printable, fc.string({ unit: "binary", maxLength: 40 }), fc.constant(""));

describe("fuzzing the OAuth callback and confirm routes", () => {
  let oauthServer: OAuthFixture;
  let platform: PlatformFixture;
  let linking: OAuthLinkApp;
  let pending: ApprovedSignIn[];
  let form: ConfirmForm;

  beforeAll(async () => {
    oauthServer = await startOAuthFixture();
    platform = await startPlatformFixture();
    linking = await buildOAuthLinkApp({ oauthServer, platform });
    pending = [await linking.startLink(), await linking.startLink(), await linking.startLink()];
    form = linking.readForm(await linking.openCallback(pending[0]!), pending[0]!);
  });
  afterAll(async () => {
    await linking.close();
    await oauthServer.close();
    await platform.close();
  });

  const realStates = () => pending.map(({ state }) => state);
  const realCodes = () => pending.map(({ code }) => code);
  /** A state or code: a real one, a near miss, or anything. */
  const stateLike = () =>
    fc.oneof(
      fc.constantFrom(...realStates()),
      fc.constantFrom(...realStates()).map((state) => `${state}x`),
      anyText,
      fc.string({ minLength: 500, maxLength: 3000 }),
    );
  const codeLike = () => fc.oneof(fc.constantFrom(...realCodes()), anyText);

  const tokenRequests = () =>
    oauthServer.received.filter((request) => request.path === "/oauth/token").length;

  /**
   * No link stored and every sign-in still pending. Whether a code was exchanged is each test's to check: the
   * callback may exchange one (a real state's code, in its own browser); the other routes never do.
   */
  async function expectNothingLinked(): Promise<void> {
    expect(await linking.deps.db.selectFrom("member_links").selectAll().execute()).toEqual([]);
    for (const { state, browser } of pending) {
      const browserKey = browser.split("=")[1] ?? "";
      const found = await findOAuthState(linking.deps.db, {
        state,
        browserKey,
        now: linking.deps.clock.now(),
      });
      expect(found.ok).toBe(true);
    }
  }

  it("answers any query to GET /oauth/callback without a 5xx and stores nothing", async () => {
    const field = () =>
      fc.tuple(
        fc.constantFrom("code", "state", "error", "other"),
        fc.oneof(stateLike(), codeLike(), anyText),
      );
    const encodedQuery = fc
      .array(field(), { maxLength: 6 })
      .map((pairs) => new URLSearchParams(pairs).toString());
    const rawQuery = fc.string({
      unit: fc.constantFrom(
        ...Array.from("abcXYZ019=&%+;?/[]_-.~!$'()*,:@"),
        "%zz",
        "%00",
        "%ff",
        "code=",
        "state=",
      ),
      maxLength: 120,
    });
    // The browser: none, one that opened a real sign-in link, or any cookie at all.
    const cookie = fc.option(fc.oneof(fc.constantFrom(...pending.map(({ browser }) => browser)), printable), {
      nil: undefined,
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(encodedQuery, rawQuery), cookie, async (query, sent) => {
        const response = await linking.app.inject({
          method: "GET",
          url: `/oauth/callback?${query}`,
          headers: sent === undefined || sent === "" ? {} : { cookie: sent },
        });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers["cache-control"]).toBe("no-store");
      }),
      { numRuns: 1200 },
    );
    await expectNothingLinked();
  });

  it("answers any GET /oauth/start/<id> it did not issue without a 5xx, a redirect or a cookie", async () => {
    const before = tokenRequests();
    const id = fc.oneof(
      fc.string({ unit: fc.constantFrom(..."abcXYZ019_-".split("")), minLength: 40, maxLength: 46 }),
      printable.map((text) => encodeURIComponent(text)),
      fc.constantFrom("%00", "%zz", "..%2F..", "a/b", ""),
    );
    const cookie = fc.oneof(
      fc.constantFrom(...pending.map(({ browser }) => browser)),
      printable.map((value) => `arena_oauth_browser=${value}`),
      fc.constant(""),
    );
    await fc.assert(
      fc.asyncProperty(id, cookie, async (startId, sent) => {
        const response = await linking.app.inject({
          method: "GET",
          url: `/oauth/start/${startId}`,
          headers: sent === "" ? {} : { cookie: sent },
        });
        expect([400, 404]).toContain(response.statusCode);
        expect(response.headers.location).toBeUndefined();
        expect(response.cookies).toEqual([]);
      }),
      { numRuns: 800 },
    );
    await expectNothingLinked();
    expect(tokenRequests()).toBe(before);
  });

  it("refuses any forged POST /oauth/confirm without a 5xx, and stores and uses up nothing", async () => {
    const before = tokenRequests();
    const realToken = form.fields._csrf ?? "";
    const cookieName = form.cookie.split("=")[0] ?? "";
    const token = fc.oneof(fc.constant(realToken), fc.constant(`${realToken}0`), anyText);
    const cookie = fc.oneof(
      fc.constant(form.cookie),
      printable.map((value) => `${cookieName}=${value}`),
      printable,
    );
    const sameOrigin = fc.record({
      origin: fc.constantFrom(publicUrl, "null", ""),
      "sec-fetch-site": fc.constantFrom("same-origin", ""),
    });
    const crossSite = fc.oneof(
      fc.record({
        origin: fc.oneof(
          fc.constantFrom("https://evil.example", "http://127.0.0.1:3001"),
          printable.filter((text) => !["", "null", publicUrl].includes(text.trim())),
        ),
        "sec-fetch-site": fc.constantFrom("same-origin", ""),
      }),
      fc.record({
        origin: fc.constantFrom(publicUrl, "null", ""),
        "sec-fetch-site": fc.oneof(
          fc.constantFrom("cross-site", "same-site", "none"),
          printable.filter((text) => !["", "same-origin"].includes(text.trim())),
        ),
      }),
    );
    /** The page's own token and cookie only from another site; otherwise at least one of them is wrong or missing. */
    const credentials = fc.oneof(
      fc.record({ token: fc.constant(realToken), cookie: fc.constant(form.cookie), headers: crossSite }),
      fc
        .record({
          token: fc.option(token, { nil: undefined }),
          cookie: fc.option(cookie, { nil: undefined }),
          headers: fc.oneof(sameOrigin, crossSite),
        })
        .filter(
          ({ token: sentToken, cookie: sentCookie }) =>
            !(sentToken === realToken && sentCookie === form.cookie),
        ),
    );
    const fields = fc.record(
      {
        state: fc.oneof(stateLike(), fc.array(stateLike(), { maxLength: 3 })),
        code: fc.oneof(codeLike(), fc.array(codeLike(), { maxLength: 3 })),
        action: fc.oneof(fc.constantFrom("link", "cancel"), anyText),
        extra: anyText,
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.constant("form" as const),
      fc.constant("json" as const),
      fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
      printable,
    );
    const contentType = fc.option(
      fc.oneof(
        fc.constantFrom(
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded; charset=utf-16",
          "application/json",
          "text/plain",
          "multipart/form-data; boundary=x",
          "application/octet-stream",
        ),
        printable,
      ),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(credentials, fields, body, contentType, async (sent, sentFields, bodyKind, type) => {
        const withToken = sent.token === undefined ? sentFields : { ...sentFields, _csrf: sent.token };
        const payload =
          bodyKind === "form"
            ? encodeForm(withToken)
            : bodyKind === "json"
              ? JSON.stringify(withToken)
              : bodyKind;
        const headers = Object.fromEntries(
          Object.entries({
            "content-type": type ?? "",
            cookie: sent.cookie ?? "",
            ...sent.headers,
          }).filter(([, value]) => value !== ""),
        );
        const response = await linking.app.inject({
          method: "POST",
          url: "/oauth/confirm",
          headers,
          payload,
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers["x-frame-options"]).toBe("DENY");
      }),
      { numRuns: 1200 },
    );
    await expectNothingLinked();
    expect(tokenRequests()).toBe(before);
  });
});

function encodeForm(fields: Readonly<Record<string, string | readonly string[]>>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of typeof value === "string" ? [value] : value) form.append(key, item);
  }
  return form.toString();
}
