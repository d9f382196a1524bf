/**
 * @module Past views of edges remembered by edge slot, in one typed array. An edge with an upcoming
 * interaction is scored from its past alone; a ranking at scale looks up many of them. As an object each in
 * a Map (the view, its aggregate and the aggregate's numbers, which V8 boxes), one lookup read several cache
 * lines scattered over the heap; here it reads the slot's row number and one row of eight numbers.
 */
import { ANCHOR_AT, readAggregateRow, ROW_OWN, ROW_STRIDE, writeAggregateRow, type ScoringAggregate } from "./aggregate-row.js";
import { SlotRows } from "./slot-rows.js";

/** A view's row: the aggregate, then the end of the span it holds for. */
const UNTIL = ROW_OWN;

/**
 * Past views by edge slot: each the aggregate of the pair's interactions up to some `now`, holding for
 * every `now` from its latest interaction (`anchorAt`, or from the beginning of time when it has none) until
 * the pair's next one. Rows are reused once forgotten.
 *
 * @example
 * const views = new RememberedPastViews();
 * views.set(7, { ...emptyAggregate(), emailsLow: 1, massEmailLow: 1, anchorAt: 100 }, 200);
 * views.get(7, 150)?.emailsLow; // 1
 * views.get(7, 200); // undefined: the next interaction is not past it
 */
export class RememberedPastViews {
  private readonly rows = new SlotRows(ROW_STRIDE);

  /** How many views are remembered. */
  get size(): number {
    return this.rows.size;
  }

  /** The view remembered for `slot`, when it holds at `now`; a fresh object. */
  get(slot: number, now: number): ScoringAggregate | undefined {
    const base = this.rows.baseOf(slot);
    if (base < 0) return undefined;
    const rows = this.rows.values;
    if (now < rows[base + ANCHOR_AT]! || now >= rows[base + UNTIL]!) return undefined;
    return readAggregateRow(rows, base);
  }

  /** Remembers (a copy of) `aggregate` for `slot`, holding until `until`; replaces what `slot` had. */
  set(slot: number, aggregate: ScoringAggregate, until: number): void {
    const base = this.rows.claim(slot);
    writeAggregateRow(this.rows.values, base, aggregate);
    this.rows.values[base + UNTIL] = until;
  }

  /** Forgets what `slot` had remembered, if anything. */
  delete(slot: number): void {
    this.rows.release(slot);
  }
}
