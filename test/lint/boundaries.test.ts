// The import table (docs/architecture.md, "Folders", the "May import" column) is kept by `npm run lint`: one
// crossing of each row, and an import out of a folder with no row, fails with the row's message, and the
// same import where it is allowed passes.
import { describe, expect, it } from "vitest";
import { boundaryProblems, importing, testCrossings } from "./boundary-problems.js";

const crossings = [
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
    boundary: "src/single-flight.ts may not import src/config.ts",
    folder: "src/single-flight.ts",
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
] as const;

describe("folder boundaries", () => {
  testCrossings(crossings);

  it("allows a type-only import where a row says types", async () => {
    expect(await boundaryProblems("src/display", importing("Language", "../api/index.js", "type "))).toEqual(
      [],
    );
    expect(
      await boundaryProblems("src/metrics", importing("WebhookMetrics", "../webhooks/index.js", "type ")),
    ).toEqual([]);
  });

  it("allows every part of src/ the shared leaves and the Config type, and the leaves none of each other", async () => {
    expect(await boundaryProblems("src/events", importing("createLogger", "../logger.js"))).toEqual([]);
    expect(
      await boundaryProblems("src/discord", importing("createSingleFlight", "../single-flight.js")),
    ).toEqual([]);
    expect(
      await boundaryProblems("src/single-flight.ts", importing("Clock", "../src/clock.js", "type ")),
    ).toHaveLength(1);
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
});
