/**
 * @module
 * Values remembered per tenant for as long as the tenant's change generation of a scope stays the
 * same (migration 0007: triggers raise it on every write to the scope's tables, from any process).
 */

/**
 * Reads a tenant's current generation of the cache's scope (0 before any write); NaN while the
 * connection is inside a transaction, whose writes may yet roll back: nothing is remembered then.
 */
export type GenerationReader = (tenantUuid: string) => number;

/**
 * @example
 * const cache = new GenerationCache<number>(readGeneration);
 * const values = cache.valuesOf(tenantUuid); // empty again after any write to the scope
 */
export class GenerationCache<Value> {
  private readonly tenants = new Map<string, { generation: number; values: Map<string, Value> }>();

  constructor(
    private readonly readGeneration: GenerationReader,
    /** Values kept per tenant at most; beyond it the tenant's values start over. */
    private readonly maximumValues = 200_000,
  ) {}

  /** The tenant's remembered values, emptied first when its generation moved (or they grew too many). */
  valuesOf(tenantUuid: string): Map<string, Value> {
    const generation = this.readGeneration(tenantUuid);
    let entry = this.tenants.get(tenantUuid);
    if (entry === undefined || entry.generation !== generation || entry.values.size > this.maximumValues) {
      entry = { generation, values: new Map() };
      this.tenants.set(tenantUuid, entry);
    }
    return entry.values;
  }
}
