import {
  listProblems,
  listLimitBounds,
  type PlatformCredential,
  type PlatformHttp,
  type ProblemSummary,
} from "../../api/index.js";
import type { Clock } from "../../clock.js";
import { withinBudget } from "../../discord/within-budget.js";
import type { MemberSession } from "../../linking/member-credential.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { keepMemberReads } from "../member-reads.js";

/** GET /problems has no lookup by id (the platform's API reference); a few pages are read, then we give up. */
const maxPagesToSearch = 5;

export interface ProblemSearch {
  /** Which problems to collect. */
  readonly keep: (problem: ProblemSummary) => boolean;
  /** Reading stops once this many are collected. */
  readonly wanted: number;
  /**
   * When the search ends (on `clock`): no page is asked for after it, and a later page that has not come by
   * then is not waited for; what was collected is the answer. The first page is always waited for.
   */
  readonly until?: { readonly clock: Clock; readonly at: number };
}

/**
 * The pages of GET /problems read so far with one credential, 100 a page, at most five: a search goes on from
 * where the last one stopped, so the suggestions of one member's keystrokes share their pages
 * (battle-autocomplete.ts) rather than each reading the list again against their platform quota.
 */
export class ProblemListRead {
  readonly problems: ProblemSummary[] = [];
  private pages = 0;
  // Without a cursor the next page starts after what came back: a platform may serve fewer than 100 a page.
  private cursor: string | undefined;
  private offset = 0;
  private ended = false;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly http: PlatformHttp,
    private readonly credential: PlatformCredential,
  ) {}

  /** Whether the list's end was read: a problem not among `problems` does not exist. */
  get complete(): boolean {
    return this.ended;
  }

  /** Whether no page is left to read: the end, or the five pages searched at most. */
  get exhausted(): boolean {
    return this.ended || this.pages >= maxPagesToSearch;
  }

  /**
   * Reads the next page, or joins the one being read. A page that comes after its search stopped waiting is
   * kept for the next search; one that fails leaves the read as it was, for the next to ask again.
   */
  readNext(): Promise<void> {
    if (this.pending === undefined) {
      const pending = this.readPage().finally(() => {
        this.pending = undefined;
      });
      // Its searcher may have stopped waiting: the failure is theirs to see, not an unhandled rejection.
      pending.catch(() => undefined);
      this.pending = pending;
    }
    return this.pending;
  }

  private async readPage(): Promise<void> {
    const list = await listProblems(this.http, this.credential, {
      limit: listLimitBounds.max,
      ...(this.cursor === undefined ? { offset: this.offset } : { cursor: this.cursor }),
    });
    this.pages += 1;
    this.offset += list.problems.length;
    this.problems.push(...list.problems);
    // A page shorter than asked is no end: a platform may serve fewer than 100 a page.
    if (list.problems.length === 0 || list.hasMore === false) this.ended = true;
    this.cursor = list.nextCursor;
  }
}

/**
 * The problems `keep` picks, in the platform's order, from the pages `read` holds and those it reads next
 * until `wanted` are found, the list ends, or `until` passes (a page is waited for past `until` only while
 * none has come), with whether the whole list was searched.
 */
export async function searchProblems(
  read: ProblemListRead,
  search: ProblemSearch,
): Promise<{ readonly found: ProblemSummary[]; readonly complete: boolean }> {
  for (;;) {
    const found = read.problems.filter(search.keep);
    if (found.length >= search.wanted) return { found: found.slice(0, search.wanted), complete: false };
    if (read.exhausted) return { found, complete: read.complete };
    const left = search.until === undefined ? undefined : search.until.at - search.until.clock.now();
    // With nothing to show yet, or no deadline, the next page is waited for; else only while time is left.
    if (read.problems.length === 0 || left === undefined) {
      await read.readNext();
      continue;
    }
    if (left <= 0) return { found, complete: false };
    const came = await withinBudget(
      read.readNext().then(() => true),
      left,
    );
    if (came === undefined) return { found, complete: false };
  }
}

/**
 * How long one member's pages of problems serve their next reads. Discord asks for suggestions at nearly every
 * keystroke, and a search may read five pages against the member's own platform quota (as low as 100 requests
 * an hour): the list of a minute ago is still the one to type through, and to find the problem picked in.
 */
const problemListTtlMs = 60_000;

const problemReads = keepMemberReads<ProblemListRead>(problemListTtlMs);

/** The member's pages of problems read within the last minute (by suggestions, or a lookup), or a new read. */
export function memberProblemRead(
  deps: Pick<BotDependencies, "platform" | "clock">,
  session: MemberSession,
): ProblemListRead {
  const reads = problemReads(deps.platform, deps.clock);
  const key = session.link.platformUserId;
  let read = reads.get(key);
  if (read === undefined) {
    read = new ProblemListRead(deps.platform, session.credential);
    reads.set(key, read);
  }
  return read;
}

/**
 * The problem with this id, found in the member's pages of GET /problems (those their suggestions just read
 * first): needed when a member picks a problem but no difficulty, since a battle's difficulty must match its
 * problem's. `searchedAll`: whether the whole list was read, so that a problem not found there does not exist
 * (past five pages, it may).
 */
export async function findProblem(
  read: ProblemListRead,
  problemId: string,
): Promise<{ readonly problem: ProblemSummary | undefined; readonly searchedAll: boolean }> {
  const { found, complete } = await searchProblems(read, {
    keep: (problem) => problem.id === problemId,
    wanted: 1,
  });
  return { problem: found[0], searchedAll: complete };
}
