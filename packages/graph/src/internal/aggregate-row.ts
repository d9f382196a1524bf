/**
 * @module A pair's aggregate as a row of eight numbers in a Float64Array: the layout the edge table and the
 * past views it remembers share, so that reading one is one run of memory.
 */
import type { PairAggregate } from "./edge-table.js";

/** Offsets of an aggregate's numbers within its row. */
export const MASS_EMAIL_LOW = 0;
export const MASS_EMAIL_HIGH = 1;
export const MASS_MEETING = 2;
export const ANCHOR_AT = 3;
export const EMAILS_LOW = 4;
export const EMAILS_HIGH = 5;
export const MEETINGS = 6;
/** The row's own eighth number: the edge's first interaction in the edge table, the end of its span in a past view. */
export const ROW_OWN = 7;
/** Numbers per row: eight doubles, one 64-byte cache line. */
export const ROW_STRIDE = 8;

/** A pair's aggregate without its first interaction, which scoring does not read. */
export type ScoringAggregate = Omit<PairAggregate, "firstAt">;

/**
 * The aggregate in the row at `base` (a fresh object).
 * @example readAggregateRow(rows, 3 * ROW_STRIDE).anchorAt;
 */
export function readAggregateRow(rows: Float64Array, base: number): ScoringAggregate {
  return {
    emailsLow: rows[base + EMAILS_LOW]!,
    emailsHigh: rows[base + EMAILS_HIGH]!,
    meetings: rows[base + MEETINGS]!,
    massEmailLow: rows[base + MASS_EMAIL_LOW]!,
    massEmailHigh: rows[base + MASS_EMAIL_HIGH]!,
    massMeeting: rows[base + MASS_MEETING]!,
    anchorAt: rows[base + ANCHOR_AT]!,
  };
}

/**
 * Writes `aggregate` into the row at `base`, leaving the row's own number as it is.
 * @example writeAggregateRow(rows, 3 * ROW_STRIDE, emptyAggregate());
 */
export function writeAggregateRow(rows: Float64Array, base: number, aggregate: ScoringAggregate): void {
  rows[base + MASS_EMAIL_LOW] = aggregate.massEmailLow;
  rows[base + MASS_EMAIL_HIGH] = aggregate.massEmailHigh;
  rows[base + MASS_MEETING] = aggregate.massMeeting;
  rows[base + ANCHOR_AT] = aggregate.anchorAt;
  rows[base + EMAILS_LOW] = aggregate.emailsLow;
  rows[base + EMAILS_HIGH] = aggregate.emailsHigh;
  rows[base + MEETINGS] = aggregate.meetings;
}
