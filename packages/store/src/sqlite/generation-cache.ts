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
 * The keys changed in a tenant's scope since `generation` (any generation after it, up to the present), or
 * null when they are not known (the log no longer reaches back that far, or a change touched every key).
 */
export type ChangedKeysReader = (tenantUuid: string, generation: number) => Iterable<string> | null;

/**
 * @example
 * const cache = new GenerationCache<number>(readGeneration);
 * const values = cache.valuesOf(tenantUuid); // empty again after any write to the scope
 * const persons = new GenerationCache<Person | null>(readGeneration, 50_000, changedPersons);
 * persons.valuesOf(tenantUuid); // after a write, without the persons it changed
 */
export class GenerationCache<Value> {
  private readonly tenants = new Map<string, { generation: number; values: Map<string, Value> }>();

  constructor(
    private readonly readGeneration: GenerationReader,
    /** Values kept per tenant at most; beyond it the tenant's values start over. */
    private readonly maximumValues = 200_000,
    /** Given, a moved generation drops only the keys changed since, when they are known. */
    private readonly changedKeys?: ChangedKeysReader,
  ) {}

  /**
   * The tenant's remembered values. When its generation moved they start over, or, with `changedKeys`, go on
   * without the changed keys; when they grew too many they start over.
   */
  valuesOf(tenantUuid: string): Map<string, Value> {
    const generation = this.readGeneration(tenantUuid);
    const entry = this.tenants.get(tenantUuid);
    if (entry !== undefined && entry.generation === generation && entry.values.size <= this.maximumValues) return entry.values;
    const values = entry === undefined ? new Map<string, Value>() : this.carriedOver(tenantUuid, entry, generation);
    this.tenants.set(tenantUuid, { generation, values });
    return values;
  }

  /**
   * What of `entry` still holds at `generation`. A copy, never the map itself: a read that took the old map
   * and loaded before the write may still store its answer there, where no later reader sees it.
   */
  private carriedOver(tenantUuid: string, entry: { generation: number; values: Map<string, Value> }, generation: number): Map<string, Value> {
    const usable = this.changedKeys !== undefined && entry.values.size <= this.maximumValues && Number.isFinite(entry.generation) && Number.isFinite(generation);
    const changed = usable ? this.changedKeys!(tenantUuid, entry.generation) : null;
    if (changed === null) return new Map();
    const values = new Map(entry.values);
    for (const key of changed) values.delete(key);
    return values;
  }
}
