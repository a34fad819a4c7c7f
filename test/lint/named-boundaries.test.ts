// The folder boundaries of docs/architecture.md ("The rules the linter keeps") that are not rows of the import
// table are kept by `npm run lint`: each import across one fails with the boundary's message, and the same
// import where it is allowed passes. The import table's rows are crossed in boundaries.test.ts.
import { describe, expect, it } from "vitest";
import { boundaryProblems, testCrossings } from "./boundary-problems.js";

const crossings = [
  {
    boundary: "The bot never imports the stand-ins",
    folder: "src/outbox",
    code: 'import { createFakeDiscord } from "../../fake-discord/index.js";\nexport const f = createFakeDiscord;\n',
    allowedIn: "test/outbox",
  },
  {
    boundary: "The bot never imports the stand-ins",
    folder: "src",
    code: 'import { buildSandbox } from "../sandbox/sandbox.js";\nexport const f = buildSandbox;\n',
    allowedIn: "bench",
  },
  {
    boundary: "The stand-ins never import the bot",
    folder: "sandbox/routes",
    code: 'import { eventKinds } from "../../src/events/event-kinds.js";\nexport const k = eventKinds;\n',
    allowedIn: "playground",
  },
  {
    boundary: "The platform sandbox and the fake Discord are independent",
    folder: "sandbox",
    code: 'import { createFakeDiscord } from "../fake-discord/index.js";\nexport const f = createFakeDiscord;\n',
    allowedIn: "playground",
  },
  {
    boundary: "Commands never import announcements",
    folder: "src/commands/battle",
    code: 'import { renderEvent } from "../../announcements/render-event.js";\nexport const r = renderEvent;\n',
    allowedIn: "src/outbox",
  },
  {
    boundary: "Announcements never import commands",
    folder: "src/announcements",
    code: 'import { commandHandlers } from "../commands/handlers.js";\nexport const h = commandHandlers;\n',
    allowedIn: "src/bot",
  },
  {
    boundary: "The event model lives in src/events/",
    folder: "src/announcements",
    code: 'import { webhookRoutes } from "../webhooks/webhook-routes.js";\nexport const w = webhookRoutes;\n',
    allowedIn: "src/http",
  },
  {
    boundary: "The outbox names no source",
    folder: "src/outbox",
    code: 'import { reminderSource } from "../store/tournament-reminders.js";\nexport const s = reminderSource;\n',
    allowedIn: "src/reminders",
  },
  {
    boundary: "Only src/store/ builds queries",
    folder: "src/commands/rank",
    code: 'import { sql } from "kysely";\nexport const now = sql`select 1`;\n',
    allowedIn: "src/store",
  },
] as const;

describe("folder boundaries", () => {
  testCrossings(crossings);

  it("refuses a query built outside src/store/ even through a database handle passed in", async () => {
    const code = [
      'import type { Kysely } from "kysely";',
      'import type { Database } from "../../store/database.js";',
      'export const count = (db: Kysely<Database>) => db.selectFrom("outbox").selectAll().execute();',
      "",
    ].join("\n");
    const problems = await boundaryProblems("src/announcements", code);
    expect(problems).toEqual([
      "Only src/store/ builds queries. Move this query into a repository function there.",
    ]);
    expect(await boundaryProblems("src/store", code)).toEqual([]);
  });

  it("refuses a JWK export anywhere, which can deadlock Node 20, and allows a JWK import", async () => {
    const exporting = [
      'import { generateKeyPairSync, webcrypto } from "node:crypto";',
      'const { publicKey } = generateKeyPairSync("ed25519");',
      'export const jwk = publicKey.export({ format: "jwk" });',
      'export const subtle = (key: webcrypto.CryptoKey) => webcrypto.subtle.exportKey("jwk", key);',
      "",
    ].join("\n");
    const refused =
      "No JWK export: Node 20 can deadlock in it. Read the raw key from the DER export instead.";
    for (const folder of ["src/http", "src/store", "fake-discord/interactions", "test/http"]) {
      expect(await boundaryProblems(folder, exporting)).toEqual([refused, refused]);
    }
    const importing = [
      'import { createPublicKey } from "node:crypto";',
      'export const key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: "AA" }, format: "jwk" });',
      'export const der = key.export({ format: "der", type: "spki" });',
      "",
    ].join("\n");
    expect(await boundaryProblems("src/http", importing)).toEqual([]);
  });

  it("allows a type-only import of Kysely anywhere in src/", async () => {
    const code = 'import type { Kysely } from "kysely";\nexport type Handle = Kysely<object>;\n';
    expect(await boundaryProblems("src/outbox", code)).toEqual([]);
  });
});
