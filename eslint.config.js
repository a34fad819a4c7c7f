// @ts-check
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { createImportTableRule } from "./lint/import-table-rule.js";

/**
 * What each part of the bot may import: docs/architecture.md, "Folders", the "May import" column, row for
 * row (test/lint/import-table.test.ts keeps the two equal). A part is a folder `src/x/` or a file `src/x.ts`
 * (`config` is both), or `migrations/` or `scripts/`; `may` names the parts it may import, `types` those it
 * may import for their types only, and `x/y.ts` one file of a part. A new folder of src/ gets a row here.
 */
export const importTable = {
  main: { may: ["bot", "config", "logger"] },
  bot: { may: "anything" },
  config: { may: ["secrets/key-ring.ts"] },
  clock: { may: [] },
  logger: { may: [] },
  "single-flight": { may: [] },
  worker: { may: [] },
  commands: {
    may: [
      "display",
      "cards",
      "charts",
      "discord",
      "api",
      "linking",
      "store",
      "events",
      "secrets",
      "roles",
      "reminders",
    ],
  },
  announcements: { may: ["display", "cards", "discord", "events", "store"], types: ["outbox"] },
  display: { may: ["events"], types: ["api"] },
  cards: { may: ["display", "discord"], types: ["api"] },
  events: { may: [] },
  webhooks: { may: ["events", "store", "secrets", "config/address-list.ts"] },
  outbox: { may: ["store", "discord", "display", "worker"] },
  roles: { may: ["store", "discord", "display", "api", "linking", "outbox", "worker", "events"] },
  reminders: { may: ["store", "api", "linking", "outbox", "discord", "display", "worker", "events"] },
  discord: { may: ["api", "display"], types: ["store"] },
  api: { may: [] },
  linking: { may: ["api", "oauth", "store", "secrets", "discord", "worker"] },
  oauth: { may: ["api"] },
  store: { may: ["events", "secrets", "migrations", "config"] },
  migrations: { may: [] },
  secrets: { may: [] },
  charts: { may: ["display"] },
  http: { may: ["webhooks", "discord", "linking", "oauth", "store", "metrics", "config/address-list.ts"] },
  metrics: { may: ["discord"], types: ["webhooks", "reminders"] },
  scripts: { may: ["commands/command-data.ts", "config", "discord", "logger"] },
};

/** What every part of src/ may use (docs/architecture.md, "Folders"), except these leaves themselves. */
const sharedLeaves = { may: ["clock", "logger", "single-flight"], types: ["config"] };

/** Crossings whose refusal says more than the table's. */
const importReasons = [
  {
    name: "Commands never import announcements",
    from: ["commands"],
    to: "announcements",
    message: "Commands and announcements share what they show through src/display/.",
  },
  {
    name: "Announcements never import commands",
    from: ["announcements"],
    to: "commands",
    message: "Commands and announcements share what they show through src/display/.",
  },
  {
    name: "The event model lives in src/events/",
    from: "anything",
    to: "webhooks",
    message: "src/webhooks/ is the receiver: only the app registers it, and the metrics count for it.",
  },
];

// The boundaries around the bot (docs/architecture.md, "Folders"). Each forbids, in the files under the
// folders of `in` (but not under those of `except`), the imports whose path matches `regex` (only the names
// matching `importNamePattern`, when it has one).
const boundaries = [
  {
    name: "The bot never imports the stand-ins",
    in: ["src/"],
    except: [],
    regex: "(^|/)(sandbox|fake-discord|playground)(/|$)",
    message: "src/ is the bot alone; the sandbox, the fake Discord and the playground stand beside it.",
  },
  {
    name: "The stand-ins never import the bot",
    in: ["sandbox/", "fake-discord/"],
    except: [],
    regex: "(^|/)src/",
    message:
      "The sandbox and the fake Discord stand in for the platform and Discord, so they share no code with the bot.",
  },
  {
    name: "The platform sandbox and the fake Discord are independent",
    in: ["sandbox/"],
    except: [],
    regex: "(^|/)fake-discord(/|$)",
    message: "The platform sandbox knows nothing of Discord.",
  },
  {
    name: "The fake Discord and the platform sandbox are independent",
    in: ["fake-discord/"],
    except: [],
    regex: "(^|/)sandbox(/|$)",
    message: "The fake Discord knows nothing of the platform.",
  },
  {
    name: "The outbox names no source",
    in: ["src/outbox/"],
    except: [],
    regex: "(^|/)store/",
    importNamePattern: "Source$",
    message:
      "The outbox knows a kind of row only by what its source registers (src/bot/register-outbox-sources.ts).",
  },
  {
    name: "Only src/store/ builds queries",
    in: ["src/"],
    except: ["src/store/"],
    regex: "^kysely$",
    allowTypeImports: true,
    message: "Call a repository function of src/store/ (a type import of Kysely is fine).",
  },
];

/** Kysely's query builders: outside src/store/, a call to one is a query built in the wrong place. */
const queryBuilders = [
  "selectFrom",
  "selectNoFrom",
  "insertInto",
  "replaceInto",
  "updateTable",
  "deleteFrom",
  "mergeInto",
];

/**
 * Flat config keeps only the last matching entry's options for a rule, so each folder gets one entry with
 * every boundary that applies to it: the top-level files of src/, each folder of src/, and the stand-ins.
 */
function boundaryRules() {
  const srcFolders = readdirSync(`${import.meta.dirname}/src`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `src/${entry.name}/`);
  const zones = [
    { folder: "src/", files: ["src/*.ts"] },
    ...srcFolders.map((folder) => ({ folder, files: [`${folder}**`] })),
    { folder: "sandbox/", files: ["sandbox/**"] },
    { folder: "fake-discord/", files: ["fake-discord/**"] },
  ];
  const within = (folder, prefixes) => prefixes.some((prefix) => folder.startsWith(prefix));
  const entries = zones.map(({ folder, files }) => ({
    files,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: boundaries
            .filter((boundary) => within(folder, boundary.in) && !within(folder, boundary.except))
            .map((boundary) => ({
              regex: boundary.regex,
              message: `${boundary.name}. ${boundary.message}`,
              ...(boundary.importNamePattern === undefined
                ? {}
                : { importNamePattern: boundary.importNamePattern }),
              ...(boundary.allowTypeImports === true ? { allowTypeImports: true } : {}),
            })),
        },
      ],
    },
  }));
  entries.push({
    files: ["src/**", "migrations/**", "scripts/**"],
    plugins: {
      folders: {
        rules: {
          "import-table": createImportTableRule({
            root: import.meta.dirname,
            table: importTable,
            shared: sharedLeaves,
            leaves: [...sharedLeaves.may, ...sharedLeaves.types],
            reasons: importReasons,
          }),
        },
      },
    },
    rules: { "folders/import-table": "error" },
  });
  entries.push({
    files: ["src/**"],
    ignores: ["src/store/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: `CallExpression > MemberExpression.callee[property.name=/^(${queryBuilders.join("|")})$/]`,
          message: "Only src/store/ builds queries. Move this query into a repository function there.",
        },
        ...jwkExports,
      ],
    },
  });
  return entries;
}

/**
 * Node 20 can deadlock exporting a key as a JWK (it holds the key's lock while building the object, and a
 * garbage collection there may free a key waiting for that lock): a CI run hung so. Importing one is safe.
 * Everywhere, also in the rule that src/ outside the store extends, since a later entry replaces the rule.
 */
const jwkExports = [
  {
    selector: 'CallExpression[callee.property.name="export"] Property[key.name="format"][value.value="jwk"]',
    message: "No JWK export: Node 20 can deadlock in it. Read the raw key from the DER export instead.",
  },
  {
    selector: 'CallExpression[callee.property.name="exportKey"] > Literal[value="jwk"]',
    message: "No JWK export: Node 20 can deadlock in it. Read the raw key from the DER export instead.",
  },
];

export default tseslint.config(
  { ignores: ["dist/", "coverage/", "data/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/restrict-template-expressions": [
        "error",
        { allowNumber: true, allowBoolean: true },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read settings through src/config.ts only." },
      ],
    },
  },
  {
    files: ["src/config.ts", "sandbox/config.ts", "test/**", "bench/**", "scripts/**", "vitest.config.ts"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["test/**", "bench/**"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
    },
  },
  { files: ["**/*.ts", "**/*.js"], rules: { "no-restricted-syntax": ["error", ...jwkExports] } },
  ...boundaryRules(),
  { files: ["**/*.js"], extends: [tseslint.configs.disableTypeChecked] },
  {
    // The playground's page: plain ES modules run by the browser.
    files: ["playground/web/public/**/*.js"],
    languageOptions: {
      globals: {
        document: "readonly",
        fetch: "readonly",
        EventSource: "readonly",
        window: "readonly",
        localStorage: "readonly",
      },
    },
  },
);
