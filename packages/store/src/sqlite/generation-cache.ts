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

/** What one read sees of a tenant's remembered values: it looks values up and stores what it loaded. */
export interface RememberedValues<Value> {
  get(key: string): Value | undefined;
  has(key: string): boolean;
  /** Stores a value the read loaded; with the changed keys known, not when its key changed since the read began. */
  set(key: string, value: Value): unknown;
  readonly size: number;
}

/**
 * A tenant's values kept across generations, dropping the changed keys (a cache with `changedKeys`). Each
 * dropped key is stamped with the generation that dropped it: a read that began before that generation and
 * loaded the key may have loaded it before the write, so its store is refused.
 */
class KeptValues<Value> {
  readonly values = new Map<string, Value>();
  private readonly droppedAt = new Map<string, number>();
  /** Reads that began before it store nothing: the stamps of what they may have missed are forgotten. */
  private storableFrom: number;
  private readAt: { generation: number; view: RememberedValues<Value> } | null = null;

  constructor(
    public generation: number,
    private readonly maximumStamps: number,
  ) {
    this.storableFrom = generation;
  }

  /** Moves to `generation` without `keys`: the cost follows the keys changed, not the values kept. */
  moveTo(generation: number, keys: Iterable<string>): void {
    for (const key of keys) {
      this.values.delete(key);
      this.droppedAt.set(key, generation);
    }
    this.generation = generation;
    if (this.droppedAt.size > this.maximumStamps) {
      this.droppedAt.clear();
      this.storableFrom = generation;
    }
  }

  /** What a read beginning now sees: the same object while the generation holds. */
  view(): RememberedValues<Value> {
    if (this.readAt?.generation === this.generation) return this.readAt.view;
    const began = this.generation;
    const kept = this;
    const view: RememberedValues<Value> = {
      get: (key) => kept.values.get(key),
      has: (key) => kept.values.has(key),
      set(key, value) {
        if (kept.mayStore(key, began)) kept.values.set(key, value);
        return view;
      },
      get size() {
        return kept.values.size;
      },
    };
    this.readAt = { generation: began, view };
    return view;
  }

  private mayStore(key: string, began: number): boolean {
    if (began < this.storableFrom) return false;
    const dropped = this.droppedAt.get(key);
    return dropped === undefined || dropped <= began;
  }
}

/**
 * Tenants whose values one cache holds at most; reading one more first drops the tenant read least recently. Each
 * tenant's values were bounded, the tenants were not: a server running for a month held the values of every tenant
 * it ever read, a deleted one's too (a deletion is another process's write, which this one is never told of).
 */
export const MAXIMUM_REMEMBERED_TENANTS = 256;

/**
 * @example
 * const cache = new GenerationCache<number>(readGeneration);
 * const values = cache.valuesOf(tenantUuid); // empty again after any write to the scope
 * const persons = new GenerationCache<Person | null>(readGeneration, 50_000, changedPersons);
 * persons.valuesOf(tenantUuid); // after a write, without the persons it changed
 */
export class GenerationCache<Value> {
  private readonly tenants = new Map<string, { generation: number; values: Map<string, Value> }>();
  private readonly keptTenants = new Map<string, KeptValues<Value>>();
  /** The tenant read last, already at the end of its map: a run of reads of one tenant reorders nothing. */
  private lastRead: string | undefined;

  constructor(
    private readonly readGeneration: GenerationReader,
    /** Values kept per tenant at most; beyond it the tenant's values start over. */
    private readonly maximumValues = 200_000,
    /** Given, a moved generation drops only the keys changed since, when they are known. */
    private readonly changedKeys?: ChangedKeysReader,
    /** Tenants whose values are held at most; the least recently read go first. */
    private readonly maximumTenants = MAXIMUM_REMEMBERED_TENANTS,
  ) {}

  /** How many tenants' values are held (at most `maximumTenants`). */
  get tenantCount(): number {
    return this.tenants.size + this.keptTenants.size;
  }

  /** Moves the tenant to the end of `tenants` (their order is the order of reads, least recent first). */
  private readLast<Entry>(tenants: Map<string, Entry>, tenantUuid: string, entry: Entry): void {
    if (this.lastRead === tenantUuid) return;
    tenants.delete(tenantUuid);
    tenants.set(tenantUuid, entry);
    this.lastRead = tenantUuid;
  }

  /** Puts the tenant's new entry last, and drops the least recently read tenants beyond the bound. */
  private hold<Entry>(tenants: Map<string, Entry>, tenantUuid: string, entry: Entry): void {
    tenants.delete(tenantUuid);
    tenants.set(tenantUuid, entry);
    this.lastRead = tenantUuid;
    // A read still holding a dropped tenant's values stores where no later reader looks, as after a start over.
    for (const oldest of tenants.keys()) {
      if (tenants.size <= this.maximumTenants) break;
      tenants.delete(oldest);
    }
  }

  /**
   * The tenant's remembered values. When its generation moved they start over, or, with `changedKeys`, go on
   * without the changed keys; when they grew too many they start over.
   */
  valuesOf(tenantUuid: string): RememberedValues<Value> {
    const generation = this.readGeneration(tenantUuid);
    if (this.changedKeys !== undefined) return this.keptValuesOf(tenantUuid, generation, this.changedKeys);
    const entry = this.tenants.get(tenantUuid);
    if (entry !== undefined && entry.generation === generation && entry.values.size <= this.maximumValues) {
      this.readLast(this.tenants, tenantUuid, entry);
      return entry.values;
    }
    // A new map, never the old one emptied: a read that took the old map and loaded before the write may
    // still store its answer there, where no later reader looks.
    const values = new Map<string, Value>();
    this.hold(this.tenants, tenantUuid, { generation, values });
    return values;
  }

  private keptValuesOf(tenantUuid: string, generation: number, changedKeys: ChangedKeysReader): RememberedValues<Value> {
    let kept = this.keptTenants.get(tenantUuid);
    if (kept !== undefined && kept.generation !== generation) {
      const usable = kept.values.size <= this.maximumValues && Number.isFinite(kept.generation) && Number.isFinite(generation);
      const changed = usable ? changedKeys(tenantUuid, kept.generation) : null;
      if (changed === null) kept = undefined;
      else kept.moveTo(generation, changed);
    }
    if (kept === undefined || kept.values.size > this.maximumValues) {
      // Starting over is a new object, so that reads that began before store where no later reader looks.
      kept = new KeptValues<Value>(generation, this.maximumValues);
      this.hold(this.keptTenants, tenantUuid, kept);
    } else {
      this.readLast(this.keptTenants, tenantUuid, kept);
    }
    return kept.view();
  }
}
