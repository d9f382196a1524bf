/** @module Per person, its neighbours kept in order of their edges' undecayed masses, for walks that stop early. */
import { undecayedMass } from "./edge-bounds.js";
import type { EdgeTable } from "./edge-table.js";
import type { PersonRecord } from "./graph-state.js";

/**
 * One person's neighbours, strongest edge first, as ordered at some point, and the edges written since.
 * `positions` index the person's `neighbours` and `neighbourEdges`, in buckets of their edges' undecayed
 * masses (`undecayedMass`), highest first; `keys`, in the same order, are non-increasing upper bounds: each
 * is at least the mass of its own edge and of every edge after it (-Infinity for empty edges, last). A
 * neighbour that came later is among the written edges (an edge is written as it is created).
 */
export interface BridgeOrder {
  readonly positions: Int32Array;
  readonly keys: Float64Array;
  /** Edges of the person written since the sort, as (neighbour index, edge slot) pairs; repeats allowed. */
  readonly written: number[];
}

/**
 * The orders of the persons with many neighbours, made at hydration or from their second ranking. A two-hop walk to such a target
 * (strongest-bridges-first.ts) reads its bridges in this order, and stops once no user wants a path as strong
 * as the next bridge's bound: a busy person has hundreds of thousands of bridges, of which a ranking visits a
 * few hundred. Without the order, each ranking reads every bridge's edge to queue it.
 *
 * The order holds at every `now`: an edge's score at `now` grows with its undecayed mass (every stored mass
 * decays by the same factor), and an edge's interactions after `now` only add to that mass, so the mass
 * bounds the edge's ceiling too. It changes only when an edge is written: each written edge is listed
 * (`edgeWritten`) and read apart from the order until the next sort; a person whose neighbours were removed
 * (positions moved), or whose written edges grew many, is sorted afresh when next ranked.
 *
 * @example
 * const order = orders.orderOf(edges, dana, halfLife); // null the first time dana is ranked
 * orders.edgeWritten(dana, cleo.index, edge);
 */
export class BridgeOrders {
  /** Persons with fewer neighbours are walked without an order: one pass over them costs less than a sort. */
  minimumNeighbours = 256;
  /** By person index (a Map: the persons with orders are few and scattered over the indices). */
  private readonly orders = new Map<number, BridgeOrder>();
  /** Per person index: whether a ranking asked for its order before (1): the first ask only marks it. */
  private asked = new Uint8Array(0);

  /**
   * The order of `record`'s neighbours, sorted now when it has none: null when it has fewer than
   * `minimumNeighbours`, or on the first ask (a target ranked once is walked without one). A hydration
   * orders its busy persons ahead (`prepare`), so only those that became busy or lost their order since
   * wait for a second ask.
   */
  orderOf(edges: EdgeTable, record: PersonRecord, halfLifeMilliseconds: number): BridgeOrder | null {
    const index = record.index;
    const kept = this.orders.get(index);
    if (kept !== undefined) return kept;
    if (record.neighbours.length < this.minimumNeighbours) return null;
    if (index >= this.asked.length) {
      const asked = new Uint8Array(Math.max(index + 1, 2 * this.asked.length));
      asked.set(this.asked);
      this.asked = asked;
    }
    if (this.asked[index] === 0) {
      this.asked[index] = 1;
      return null;
    }
    const order = sortedOrder(edges, record, halfLifeMilliseconds);
    this.orders.set(index, order);
    return order;
  }

  /**
   * Sorts `record`'s order now, ahead of its first ask, when it has at least `minimumNeighbours` and none is
   * kept. A hydration does so for every external person: at L that is about 500 persons and half a million neighbours,
   * 40 ms and 6 MB, and the first batch naming a busy contact then reads its order instead of a pass over
   * all its bridges.
   */
  prepare(edges: EdgeTable, record: PersonRecord, halfLifeMilliseconds: number): void {
    if (record.neighbours.length < this.minimumNeighbours || this.orders.has(record.index)) return;
    this.orders.set(record.index, sortedOrder(edges, record, halfLifeMilliseconds));
  }

  /** The edge between persons `person` and `neighbour` was written (created, added to, rebuilt). */
  edgeWritten(person: PersonRecord, neighbour: number, edge: number): void {
    const order = this.orders.get(person.index);
    if (order === undefined) return;
    order.written.push(neighbour, edge);
    // Read apart at every walk: once they are many, sorting afresh at the next ranking costs less.
    if (order.written.length > 2 * Math.max(64, order.positions.length >> 3)) this.orders.delete(person.index);
  }

  /** `person`'s neighbour positions moved (a neighbour removed): its order is sorted afresh when next asked. */
  neighboursMoved(person: PersonRecord): void {
    this.orders.delete(person.index);
  }

  /** Forgets every order (a bulk load rewrites edges without telling). */
  clear(): void {
    this.orders.clear();
  }
}

/** Buckets per unit of undecayed mass (a factor of 2 of the decayed mass), at most: a bucket spans 1.1%. */
const FINEST_BUCKETS_PER_UNIT = 64;
/** Buckets of one person's order at most: coarser buckets above it, so the counting pass stays short. */
const MAXIMUM_BUCKETS = 1 << 16;

/**
 * The person's neighbours by their edges' undecayed masses, highest first, in buckets: a counting sort, not a
 * comparison sort (a busy person's 300,000 neighbours took 80 ms to sort, this takes a pass). Each key is its
 * bucket's upper end, so it bounds its own mass and every later one; a walk reads at most one bucket past
 * the last bridge it needs. Masses are log2 values, so a bucket of 1/64 spans a factor of 2^(1/64) of mass.
 * Empty edges' neighbours (a NaN or -Infinity mass) come last, keyed -Infinity.
 */
function sortedOrder(edges: EdgeTable, record: PersonRecord, halfLifeMilliseconds: number): BridgeOrder {
  const { neighbourEdges } = record;
  const count = neighbourEdges.length;
  const masses = new Float64Array(count);
  let lowest = Infinity;
  let highest = -Infinity;
  for (let position = 0; position < count; position += 1) {
    const mass = undecayedMass(edges, neighbourEdges[position]!, halfLifeMilliseconds);
    masses[position] = mass;
    if (Number.isFinite(mass)) {
      if (mass < lowest) lowest = mass;
      if (mass > highest) highest = mass;
    }
  }
  // A power of two, so that scaling a mass and computing a bucket's upper end are exact.
  let perUnit = FINEST_BUCKETS_PER_UNIT;
  while (Math.floor(highest * perUnit) - Math.floor(lowest * perUnit) >= MAXIMUM_BUCKETS) perUnit /= 2;
  const top = Math.floor(highest * perUnit);
  const finiteBuckets = lowest <= highest ? top - Math.floor(lowest * perUnit) + 1 : 0;
  // Bucket 0 holds infinite masses; bucket b from 1 those with floor(m * perUnit) = top + 1 - b; the last the empty edges.
  const emptyBucket = finiteBuckets + 1;
  const bucketOf = (mass: number) =>
    mass === Infinity ? 0 : Number.isFinite(mass) ? top + 1 - Math.floor(mass * perUnit) : emptyBucket;
  const keyOf = (bucket: number) => (bucket === 0 ? Infinity : bucket === emptyBucket ? -Infinity : (top + 2 - bucket) / perUnit);
  const starts = new Int32Array(emptyBucket + 2);
  const buckets = new Int32Array(count);
  for (let position = 0; position < count; position += 1) {
    const bucket = bucketOf(masses[position]!);
    buckets[position] = bucket;
    starts[bucket + 1] = starts[bucket + 1]! + 1;
  }
  for (let bucket = 0; bucket <= emptyBucket; bucket += 1) starts[bucket + 1] = starts[bucket + 1]! + starts[bucket]!;
  const positions = new Int32Array(count);
  const keys = new Float64Array(count);
  for (let position = 0; position < count; position += 1) {
    const bucket = buckets[position]!;
    const at = starts[bucket]!;
    starts[bucket] = at + 1;
    positions[at] = position;
    keys[at] = keyOf(bucket);
  }
  return { positions, keys, written: [] };
}
