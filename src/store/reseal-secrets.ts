// Seals every stored secret again with the first key of ENCRYPTION_KEYS, so the keys after it can be removed
// (docs/operations.md, "Rotating and retiring an encryption key"). Run by `npm run secrets:reseal` and, in
// the background, at every start.
import type { Kysely } from "kysely";
import type { SecretBox } from "../secrets/secret-box.js";
import type { Database } from "./database.js";
import { sealedLinkedRoleVerifiers } from "./linked-role-states.js";
import { sealedMemberCredentials } from "./member-links.js";
import { sealedOAuthStateSecrets } from "./oauth-state-sealing.js";
import { sealedOperatorWebhookSecrets } from "./operator-webhook-secrets.js";
import { sealedPersonalCredentials } from "./personal-links.js";
import { sealedRoleConnectionCredentials } from "./role-connections.js";
import { sealedRevocationTokens } from "./token-revocations.js";
import { resealColumn, type ResealCounts, type ResealOptions, type SealedColumn } from "./sealed-column.js";
import { sealedWebhookSecrets } from "./webhook-endpoints.js";
import { sealedRetiredSecrets } from "./webhook-retired-secrets.js";

/** Every sealed column, by table. */
const sealedTables = {
  member_links: [sealedMemberCredentials],
  personal_links: [sealedPersonalCredentials],
  webhook_endpoints: [sealedWebhookSecrets],
  webhook_retired_secrets: [sealedRetiredSecrets],
  operator_webhook_secrets: [sealedOperatorWebhookSecrets],
  oauth_states: sealedOAuthStateSecrets,
  linked_role_states: [sealedLinkedRoleVerifiers],
  role_connections: [sealedRoleConnectionCredentials],
  token_revocations: [sealedRevocationTokens],
} satisfies Partial<Record<keyof Database, readonly SealedColumn[]>>;

export type SealedTable = keyof typeof sealedTables;
export type ResealReport = Readonly<Record<SealedTable, ResealCounts>>;

export interface ResealDeps {
  readonly db: Kysely<Database>;
  readonly secretBox: SecretBox;
}

/** Counts per table; a table with several sealed columns counts each value. */
export async function resealSecrets(deps: ResealDeps, options: ResealOptions = {}): Promise<ResealReport> {
  const report: Partial<Record<SealedTable, ResealCounts>> = {};
  for (const [table, columns] of Object.entries(sealedTables) as [SealedTable, readonly SealedColumn[]][]) {
    let total: ResealCounts = { resealed: 0, alreadyCurrent: 0, unreadable: 0 };
    for (const column of columns) {
      total = addCounts(total, await resealColumn(deps.db, deps.secretBox, column, options));
    }
    report[table] = total;
  }
  return report as ResealReport;
}

function addCounts(a: ResealCounts, b: ResealCounts): ResealCounts {
  return {
    resealed: a.resealed + b.resealed,
    alreadyCurrent: a.alreadyCurrent + b.alreadyCurrent,
    unreadable: a.unreadable + b.unreadable,
  };
}

/** The sum over every table. */
export function totalResealCounts(report: ResealReport): ResealCounts {
  return Object.values(report).reduce(addCounts, { resealed: 0, alreadyCurrent: 0, unreadable: 0 });
}
