/** @module A map from person indices to values, for the length of one call. */
import { Stamps } from "./stamps.js";

/**
 * Values by small non-negative integer key (a person index): two typed-array reads instead of a hash
 * lookup, which a ranking does once per path it counts. `begin` forgets every key in O(1) by moving to
 * a new stamp, so one instance serves call after call; `values` lists what this call set, in order.
 *
 * @example
 * const accumulators = new IndexMap<Accumulator>();
 * accumulators.begin(state.records.length);
 * accumulators.get(userIndex) ?? accumulators.set(userIndex, createAccumulator());
 */
export class IndexMap<Value> {
  private readonly stamps = new Stamps();
  private positions = new Int32Array(0);
  /** The values set since `begin`, in the order they were first set. */
  readonly values: Value[] = [];

  /** Starts a call over keys below `capacity`; every key set before is forgotten. */
  begin(capacity: number): void {
    if (this.stamps.begin(capacity)) this.positions = new Int32Array(capacity);
    this.values.length = 0;
  }

  get(key: number): Value | undefined {
    return this.stamps.has(key) ? this.values[this.positions[key]!] : undefined;
  }

  /** Sets `key`, which must be below the capacity given to `begin`; returns `value`. */
  set(key: number, value: Value): Value {
    if (this.stamps.has(key)) {
      this.values[this.positions[key]!] = value;
    } else {
      this.stamps.mark(key);
      this.positions[key] = this.values.length;
      this.values.push(value);
    }
    return value;
  }
}

/**
 * One IndexMap per key (a graph's state), made on first use and reused call after call: a call is
 * synchronous, so no two use it at once.
 *
 * @example
 * const accumulatorsOf = indexMapPerKey<GraphState, Accumulator>();
 * accumulatorsOf(state).begin(state.records.length);
 */
export function indexMapPerKey<Key extends object, Value>(): (key: Key) => IndexMap<Value> {
  const maps = new WeakMap<Key, IndexMap<Value>>();
  return (key) => {
    let map = maps.get(key);
    if (map === undefined) {
      map = new IndexMap<Value>();
      maps.set(key, map);
    }
    return map;
  };
}
