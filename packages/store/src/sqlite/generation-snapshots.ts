/**
 * @module
 * A tenant's change generations of every scope (migration 0007), read in one statement and trusted
 * until the event loop turns or this connection may have written, whichever comes first. A request
 * asked four scopes one primary-key lookup each; now it asks for them once (decision 0005).
 */

/** Where the generations come from. */
export interface GenerationSource {
  /** The tenant's generation of each scope written so far (a scope never written is 0). */
  readScopes(tenantUuid: string): Iterable<readonly [string, number]>;
  /** True while the connection is inside a transaction, whose writes may yet roll back. */
  inTransaction(): boolean;
}

/**
 * Snapshots of generations, per tenant. Another connection's commit (the CLI in another process) is
 * seen from the next turn of the event loop: every request that arrives after it. This connection's
 * writes are seen at once: {@link GenerationSnapshots.forget} runs before each statement that may write.
 *
 * @example
 * const snapshots = new GenerationSnapshots(source);
 * snapshots.generation(tenantUuid, "persons"); // one read of every scope of the tenant
 * snapshots.generation(tenantUuid, "users"); // from the snapshot until the next turn or write
 */
export class GenerationSnapshots {
  private readonly tenants = new Map<string, Map<string, number>>();
  private expiryScheduled = false;

  constructor(private readonly source: GenerationSource) {}

  /** Drops every snapshot: the connection is about to run a statement that may write. */
  readonly forget = (): void => {
    this.tenants.clear();
  };

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
    let scopes = this.tenants.get(tenantUuid);
    if (scopes === undefined) {
      scopes = new Map(this.source.readScopes(tenantUuid));
      this.tenants.set(tenantUuid, scopes);
      this.expireAtNextTurn();
    }
    return scopes;
  }

  private expireAtNextTurn(): void {
    if (this.expiryScheduled) return;
    this.expiryScheduled = true;
    setImmediate(() => {
      this.expiryScheduled = false;
      this.tenants.clear();
    }).unref();
  }
}
