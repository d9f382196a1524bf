/**
 * @module Past views of edges remembered by edge slot, in one typed array. An edge with an upcoming
 * interaction is scored from its past alone; a ranking at scale asks for hundreds of them per target. As an
 * object each in a Map (the view and its aggregate, each number boxed), one lookup read five or more cache
 * lines scattered over the heap; here it reads the slot's row number and one row of eight numbers.
 */
import type { PairAggregate } from "./edge-table.js";
import { SlotRows } from "./slot-rows.js";

/** Offsets of a remembered view's numbers within its row (`STRIDE` doubles). */
const UNTIL = 0;
const MASS_EMAIL_LOW = 1;
const MASS_EMAIL_HIGH = 2;
const MASS_MEETING = 3;
const ANCHOR_AT = 4;
const EMAILS_LOW = 5;
const EMAILS_HIGH = 6;
const MEETINGS = 7;
const STRIDE = 8;

/**
 * A pair's aggregate over its interactions up to some `now`, as a past view keeps it: without the first
 * interaction, which scoring does not read.
 */
export type PastAggregate = Omit<PairAggregate, "firstAt">;

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
  private readonly rows = new SlotRows(STRIDE);

  /** How many views are remembered. */
  get size(): number {
    return this.rows.size;
  }

  /** The view remembered for `slot`, when it holds at `now`; a fresh object. */
  get(slot: number, now: number): PastAggregate | undefined {
    const base = this.rows.baseOf(slot);
    if (base < 0) return undefined;
    const rows = this.rows.values;
    const anchorAt = rows[base + ANCHOR_AT]!;
    if (now < anchorAt || now >= rows[base + UNTIL]!) return undefined;
    return {
      emailsLow: rows[base + EMAILS_LOW]!,
      emailsHigh: rows[base + EMAILS_HIGH]!,
      meetings: rows[base + MEETINGS]!,
      massEmailLow: rows[base + MASS_EMAIL_LOW]!,
      massEmailHigh: rows[base + MASS_EMAIL_HIGH]!,
      massMeeting: rows[base + MASS_MEETING]!,
      anchorAt,
    };
  }

  /** Remembers (a copy of) `aggregate` for `slot`, holding until `until`; replaces what `slot` had. */
  set(slot: number, aggregate: PastAggregate, until: number): void {
    const base = this.rows.claim(slot);
    const rows = this.rows.values;
    rows[base + UNTIL] = until;
    rows[base + MASS_EMAIL_LOW] = aggregate.massEmailLow;
    rows[base + MASS_EMAIL_HIGH] = aggregate.massEmailHigh;
    rows[base + MASS_MEETING] = aggregate.massMeeting;
    rows[base + ANCHOR_AT] = aggregate.anchorAt;
    rows[base + EMAILS_LOW] = aggregate.emailsLow;
    rows[base + EMAILS_HIGH] = aggregate.emailsHigh;
    rows[base + MEETINGS] = aggregate.meetings;
  }

  /** Forgets what `slot` had remembered, if anything. */
  delete(slot: number): void {
    this.rows.release(slot);
  }
}
