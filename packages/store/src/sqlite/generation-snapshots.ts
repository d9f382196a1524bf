/**
 * @module
 * A tenant's change generations of every scope (migration 0007), read in one statement and trusted
 * until this connection may have written or, a millisecond on, another connection has committed. A request
 * asked four scopes one primary-key lookup each; now it asks for them once (decision 0005), and while
 * nothing is written, not even once.
 */

/** Where the generations come from. */
export interface GenerationSource {
  /** The tenant's generation of each scope written so far (a scope never written is 0). */
  readScopes(tenantUuid: string): Iterable<readonly [string, number]>;
  /** True while the connection is inside a transaction, whose writes may yet roll back. */
  inTransaction(): boolean;
  /**
   * A number that changes whenever another connection commits to the database (SQLite's
   * `PRAGMA data_version`, far cheaper than reading the scopes). Without it, the scopes are read again
   * whenever another connection's commit could be due.
   */
  commitsByOthers?(): number;
  /** Milliseconds on a monotonic clock (default `performance.now`). */
  monotonicNow?(): number;
}

/**
 * How long after another connection's commit a read may still answer from the snapshot taken before it.
 * Asking SQLite on every turn of the event loop cost a twentieth of a kept answer's requests per second
 * under load (decision 0005); a millisecond is shorter than any other process takes to commit and then
 * tell a client so.
 */
export const OTHERS_COMMITS_SEEN_WITHIN_MS = 1;

/**
 * Snapshots of generations, per tenant. Another connection's commit (the CLI in another process) is
 * seen by every read that starts more than `seenWithinMs` after it. This connection's writes are seen at
 * once: {@link GenerationSnapshots.forget} runs before each statement that may write. A read asks whether
 * another connection has committed since the snapshots were taken when the last asking is that old, and
 * keeps them when none has.
 *
 * @example
 * const snapshots = new GenerationSnapshots(source);
 * snapshots.generation(tenantUuid, "persons"); // one read of every scope of the tenant
 * snapshots.generation(tenantUuid, "users"); // from the snapshot until a write here or a commit elsewhere
 */
export class GenerationSnapshots {
  private readonly tenants = new Map<string, Map<string, number>>();
  /** `commitsByOthers()` when the snapshots were last known current. */
  private othersCommits: number | undefined;
  /** When, on the monotonic clock, other connections' commits are to be asked about again. */
  private othersAskedAgainAt = Number.NEGATIVE_INFINITY;
  private readonly monotonicNow: () => number;

  constructor(
    private readonly source: GenerationSource,
    private readonly seenWithinMs = OTHERS_COMMITS_SEEN_WITHIN_MS,
  ) {
    this.monotonicNow = source.monotonicNow ?? (() => performance.now());
  }

  /** Drops every snapshot: the connection is about to run a statement that may write. */
  readonly forget = (): void => {
    this.tenants.clear();
  };

  /** Drops every snapshot if another connection may have committed since they were last known current. */
  private checkOthersCommits(): void {
    const now = this.monotonicNow();
    if (now < this.othersAskedAgainAt) return;
    this.othersAskedAgainAt = now + this.seenWithinMs;
    const commits = this.source.commitsByOthers?.();
    if (commits === undefined || commits !== this.othersCommits) this.tenants.clear();
    this.othersCommits = commits;
  }

  /** The tenant's generation of `scope`; NaN inside a transaction (nothing may be remembered then). */
  generation(tenantUuid: string, scope: string): number {
    if (this.source.inTransaction()) return Number.NaN;
    return this.scopesOf(tenantUuid).get(scope) ?? 0;
  }

  /**
   * The sum of the tenant's generations of every scope: it changes whenever any of them does (each only
   * grows). NaN inside a transaction.
   */
  total(tenantUuid: string): number {
    if (this.source.inTransaction()) return Number.NaN;
    let total = 0;
    for (const generation of this.scopesOf(tenantUuid).values()) total += generation;
    return total;
  }

  private scopesOf(tenantUuid: string): Map<string, number> {
    this.checkOthersCommits();
    let scopes = this.tenants.get(tenantUuid);
    if (scopes === undefined) {
      scopes = new Map(this.source.readScopes(tenantUuid));
      this.tenants.set(tenantUuid, scopes);
    }
    return scopes;
  }
}
