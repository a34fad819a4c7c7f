// The rows a worker holds for each channel and has not handled yet, oldest first, so a channel's turn can
// take the posts queued behind its first row into the same message (deliver-turn.ts). A row carried that way
// keeps its result here until its own turn comes, which then just reports it.
import type { OutboxEntry } from "../store/outbox.js";
import type { OutboxResult } from "./outbox-result.js";

export class WaitingRows {
  private readonly byChannel = new Map<string, OutboxEntry[]>();
  private readonly carried = new Map<string, OutboxResult>();

  add(entry: OutboxEntry): void {
    const rows = this.byChannel.get(entry.channelId) ?? [];
    rows.push(entry);
    this.byChannel.set(entry.channelId, rows);
  }

  /** The row's turn has come: it stops waiting. Returns its result when another row's message carried it. */
  start(entry: OutboxEntry): OutboxResult | undefined {
    const carried = this.carried.get(entry.id);
    this.carried.delete(entry.id);
    this.remove(entry.channelId, entry.id);
    return carried;
  }

  /** The channel's rows still waiting, oldest first. */
  behind(channelId: string): readonly OutboxEntry[] {
    return this.byChannel.get(channelId) ?? [];
  }

  /**
   * Keeps the result of each waiting row a turn handled for that row's own turn; returns the results of rows
   * this worker did not hold (taken from the database for the group), which nobody else will report.
   */
  settle(channelId: string, headId: string, results: readonly OutboxResult[]): OutboxResult[] {
    const waitingIds = new Set(this.behind(channelId).map((entry) => entry.id));
    const unheld: OutboxResult[] = [];
    for (const result of results) {
      if (result.id === headId) continue;
      if (waitingIds.has(result.id)) {
        this.carried.set(result.id, result);
        this.remove(channelId, result.id);
      } else unheld.push(result);
    }
    return unheld;
  }

  private remove(channelId: string, id: string): void {
    const rows = (this.byChannel.get(channelId) ?? []).filter((entry) => entry.id !== id);
    if (rows.length === 0) this.byChannel.delete(channelId);
    else this.byChannel.set(channelId, rows);
  }
}
