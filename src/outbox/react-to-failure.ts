// What a failure means beyond its rows (outbox-source.ts): the sources it concerns react, and the server's
// admins hear the first notice they give, so a failure is told once, not once per source.
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import type { OutboxEntry } from "../store/outbox.js";
import { isChannelFailure, type DeliveryFailure } from "./classify-failure.js";
import type { OutboxDeps } from "./outbox-deps.js";
import {
  groupBySource,
  handOverLostRows,
  listOutboxSources,
  type FailedRows,
  type OutboxSource,
  type OutboxSources,
} from "./outbox-source.js";
import { tellAdmins, type AdminNotice } from "./tell-admins.js";

/**
 * Runs in `trx` the reactions of the sources the failure concerns (concernedSources); returns their notices in
 * order.
 */
export async function collectNotices(
  trx: Kysely<Database>,
  sources: OutboxSources,
  failed: Omit<FailedRows, "rows" | "handOverLostRows">,
  entries: readonly OutboxEntry[],
): Promise<AdminNotice[]> {
  const bySource = groupBySource(sources, entries);
  const notices: AdminNotice[] = [];
  const { guildId, now } = failed;
  const handOver = (rows: readonly OutboxEntry[]) => handOverLostRows(sources, trx, { guildId, now, rows });
  for (const source of concernedSources(sources, entries, failed)) {
    const react = source.onFailure?.[failed.kind];
    const notice = await react?.(trx, {
      ...failed,
      rows: bySource.get(source) ?? [],
      handOverLostRows: handOver,
    });
    if (notice !== undefined) notices.push(notice);
  }
  return notices;
}

/** Best effort, as every notice: the failure itself is already stored. */
export async function tellFirstNotice(deps: OutboxDeps, notices: readonly AdminNotice[]): Promise<void> {
  const [notice] = notices;
  if (notice !== undefined) await tellAdmins(deps, notice);
}

/**
 * A failure of the rows alone (not their channel): only their own sources hear it, if they listen, in the
 * transaction `deps.db` is (apply-failure.ts records the rows' failure in it too); returns their notices.
 */
export async function collectRowNotices(
  deps: Pick<OutboxDeps, "db" | "sources" | "clock">,
  entries: readonly OutboxEntry[],
  failure: DeliveryFailure,
): Promise<AdminNotice[]> {
  const [first] = entries;
  if (first === undefined || !isReactedTo(deps.sources, entries, failure)) return [];
  const failed = {
    guildId: first.guildId,
    channelId: first.channelId,
    kind: failure.kind,
    reason: failure.detail,
    now: deps.clock.now(),
  };
  return collectNotices(deps.db, deps.sources, failed, entries);
}

/** Whether a source the failure of `entries` concerns reacts to it. */
export function isReactedTo(
  sources: OutboxSources,
  entries: readonly OutboxEntry[],
  failure: Pick<DeliveryFailure, "kind">,
): boolean {
  return concernedSources(sources, entries, failure).some(
    (source) => source.onFailure?.[failure.kind] !== undefined,
  );
}

/**
 * The sources a failure of `entries` concerns, each once: every source when their channel failed (its pending
 * rows are all dropped), else the rows' own.
 */
function concernedSources(
  sources: OutboxSources,
  entries: readonly OutboxEntry[],
  failure: Pick<DeliveryFailure, "kind">,
): OutboxSource[] {
  return isChannelFailure(failure)
    ? [...new Set(listOutboxSources(sources))]
    : [...groupBySource(sources, entries).keys()];
}
