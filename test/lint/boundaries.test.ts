// The folder boundaries of docs/architecture.md ("Folders") are kept by `npm run lint`: each import across
// one fails with the boundary's message, and the same import where it is allowed passes. The fixtures are
// linted with the repository's own eslint.config.js; only type-aware parsing is off for them, since they are
// not files on disk.
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const fixtureName = "boundary-fixture.ts";
const eslint = new ESLint({
  cwd: new URL("../..", import.meta.url).pathname,
  overrideConfig: [{ ...tseslint.configs.disableTypeChecked, files: [`**/${fixtureName}`, "src/*.ts"] }],
});
const boundaryRules = [
  "@typescript-eslint/no-restricted-imports",
  "no-restricted-syntax",
  "folders/import-table",
];

/** The messages of the boundary rules for `code` placed in `folder` (or as the file `folder`, for src/x.ts). */
async function boundaryProblems(folder: string, code: string): Promise<string[]> {
  const filePath = folder.endsWith(".ts") ? folder : `${folder}/${fixtureName}`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => boundaryRules.includes(m.ruleId ?? "")).map((m) => m.message);
}

/** An import of `name` from `from`, used so that only the import itself can be at fault. */
const importing = (name: string, from: string, type = "") =>
  `import ${type}{ ${name} } from "${from}";\nexport ${type === "" ? "const" : "type"} used = ${type === "" ? name : `typeof ${name}`};\n`;

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
  // One crossing of each row of docs/architecture.md's "May import" column (the import table).
  {
    boundary: "src/main.ts may not import src/store/",
    folder: "src/main.ts",
    code: importing("createDb", "../src/store/create-db.js"),
    allowedIn: "bench",
  },
  {
    boundary: "The bot never imports the stand-ins",
    folder: "src/bot",
    code: importing("buildSandbox", "../../sandbox/sandbox.js"),
    allowedIn: "test/e2e",
  },
  {
    boundary: "src/bot/ may not import src/main.ts: main imports bot",
    folder: "src/bot",
    code: 'import "../../src/main.js";\n',
    allowedIn: "test/e2e",
  },
  {
    boundary: "src/config.ts may not import src/logger.ts",
    folder: "src/config.ts",
    code: importing("createLogger", "../src/logger.js"),
    allowedIn: "scripts",
  },
  {
    boundary: "src/clock.ts may not import src/config.ts",
    folder: "src/clock.ts",
    code: importing("loadConfig", "../src/config.js"),
    allowedIn: "scripts",
  },
  {
    boundary: "src/logger.ts may not import src/config.ts",
    folder: "src/logger.ts",
    code: importing("loadConfig", "../src/config.js"),
    allowedIn: "scripts",
  },
  {
    boundary: "src/worker/ may not import src/store/",
    folder: "src/worker",
    code: importing("claimDueOutbox", "../store/outbox.js"),
    allowedIn: "src/outbox",
  },
  {
    boundary: "src/announcements/ may not import src/worker/",
    folder: "src/announcements",
    code: importing("startPollingWorker", "../worker/polling-worker.js"),
    allowedIn: "src/reminders",
  },
  {
    boundary: "src/commands/ may not import src/outbox/",
    folder: "src/commands",
    code: importing("tellAdmins", "../outbox/tell-admins.js"),
    allowedIn: "src/roles",
  },
  {
    boundary: "src/announcements/ may not import src/linking/",
    folder: "src/announcements",
    code: importing("readMemberCredential", "../linking/member-credential.js"),
    allowedIn: "src/commands",
  },
  {
    boundary: "src/display/ may not import src/discord/",
    folder: "src/display",
    code: importing("discordLimits", "../discord/discord-limits.js"),
    allowedIn: "src/cards",
  },
  {
    boundary: "src/display/ may import src/api/ for its types only",
    folder: "src/display",
    code: importing("PlatformError", "../api/errors.js"),
    allowedIn: "src/discord",
  },
  {
    boundary: "src/cards/ may not import src/store/",
    folder: "src/cards",
    code: importing("saveBattleCard", "../store/battle-cards.js"),
    allowedIn: "src/announcements",
  },
  {
    boundary: "src/events/ may not import src/announcements/",
    folder: "src/events",
    code: importing("renderEvent", "../announcements/render-event.js"),
    allowedIn: "src/bot",
  },
  {
    boundary: "src/webhooks/ may not import src/http/",
    folder: "src/webhooks",
    code: importing("buildApp", "../http/app.js"),
    allowedIn: "src/bot",
  },
  {
    boundary: "src/outbox/ may not import src/announcements/",
    folder: "src/outbox",
    code: importing("renderEvent", "../announcements/render-event.js"),
    allowedIn: "src/bot",
  },
  {
    boundary: "src/roles/ may not import src/reminders/",
    folder: "src/roles",
    code: importing("createReminderWorker", "../reminders/reminder-worker.js"),
    allowedIn: "src/commands",
  },
  {
    boundary: "src/reminders/ may not import src/roles/",
    folder: "src/reminders",
    code: importing("createRoleWorker", "../roles/role-worker.js"),
    allowedIn: "src/commands",
  },
  {
    boundary: "src/discord/ may not import src/linking/",
    folder: "src/discord",
    code: importing("linkWithApiKey", "../linking/api-key-link.js"),
    allowedIn: "src/commands",
  },
  {
    boundary: "src/discord/ may import src/store/ for its types only",
    folder: "src/discord",
    code: importing("claimDueOutbox", "../store/outbox.js"),
    allowedIn: "src/outbox",
  },
  {
    boundary: "src/api/ may not import src/store/",
    folder: "src/api",
    code: importing("upsertPlatformUser", "../store/platform-users.js"),
    allowedIn: "src/linking",
  },
  {
    boundary: "src/linking/ may not import src/commands/",
    folder: "src/linking",
    code: importing("commandHandlers", "../commands/handlers.js"),
    allowedIn: "src/bot",
  },
  {
    boundary: "src/oauth/ may not import src/store/",
    folder: "src/oauth",
    code: importing("saveOauthState", "../store/oauth-states.js"),
    allowedIn: "src/linking",
  },
  {
    boundary: "src/store/ may not import src/api/",
    folder: "src/store",
    code: importing("fetchUser", "../api/users.js"),
    allowedIn: "src/linking",
  },
  {
    boundary: "migrations/ may not import src/store/",
    folder: "migrations",
    code: importing("sealedColumn", "../src/store/sealed-column.js"),
    allowedIn: "bench",
  },
  {
    boundary: "src/secrets/ may not import src/store/",
    folder: "src/secrets",
    code: importing("sealedColumn", "../store/sealed-column.js"),
    allowedIn: "src/webhooks",
  },
  {
    boundary: "src/charts/ may not import src/api/",
    folder: "src/charts",
    code: importing("fetchRatingHistory", "../api/users.js"),
    allowedIn: "src/commands",
  },
  {
    boundary: "src/http/ may not import src/commands/",
    folder: "src/http",
    code: importing("commandHandlers", "../commands/handlers.js"),
    allowedIn: "src/bot",
  },
  {
    boundary: "src/metrics/ may import src/webhooks/ for its types only",
    folder: "src/metrics",
    code: importing("createIngester", "../webhooks/create-ingester.js"),
    allowedIn: "src/http",
  },
  {
    boundary: "scripts/ may not import src/commands/",
    folder: "scripts",
    code: importing("commandHandlers", "../src/commands/handlers.js"),
    allowedIn: "bench",
  },
  {
    boundary: "src/jobs/ has no row in the import table",
    folder: "src/jobs",
    code: importing("claimDueOutbox", "../store/outbox.js"),
    allowedIn: "src/outbox",
  },
  {
    boundary: "Only src/store/ builds queries",
    folder: "src/commands/rank",
    code: 'import { sql } from "kysely";\nexport const now = sql`select 1`;\n',
    allowedIn: "src/store",
  },
] as const;

describe("folder boundaries", () => {
  it.each(crossings)("$boundary: an import from $folder fails lint", async ({ boundary, folder, code }) => {
    const problems = await boundaryProblems(folder, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(boundary);
  });

  it.each(crossings)("the same import from $allowedIn passes", async ({ allowedIn, code }) => {
    expect(await boundaryProblems(allowedIn, code)).toEqual([]);
  });

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

  it("allows a type-only import where a row says types", async () => {
    expect(await boundaryProblems("src/display", importing("Language", "../api/index.js", "type "))).toEqual(
      [],
    );
    expect(
      await boundaryProblems("src/metrics", importing("WebhookMetrics", "../webhooks/index.js", "type ")),
    ).toEqual([]);
  });

  it("allows every part of src/ the clock, the logger and the Config type, and the leaves none of each other", async () => {
    expect(await boundaryProblems("src/events", importing("createLogger", "../logger.js"))).toEqual([]);
    expect(await boundaryProblems("src/secrets", importing("Config", "../config.js", "type "))).toEqual([]);
    expect(await boundaryProblems("src/secrets", importing("loadConfig", "../config.js"))).toHaveLength(1);
    expect(
      await boundaryProblems("src/logger.ts", importing("Clock", "../src/clock.js", "type ")),
    ).toHaveLength(1);
  });

  it("allows scripts/ the command data alone of src/commands/", async () => {
    expect(
      await boundaryProblems("scripts", importing("commandData", "../src/commands/command-data.js")),
    ).toEqual([]);
  });

  it("allows a type-only import of Kysely anywhere in src/", async () => {
    const code = 'import type { Kysely } from "kysely";\nexport type Handle = Kysely<object>;\n';
    expect(await boundaryProblems("src/outbox", code)).toEqual([]);
  });
});
