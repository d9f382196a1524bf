/**
 * @module Pair summaries remembered by edge slot, in one typed array. A server asked about every target
 * remembers one for most team links (about a million at benchmark scale L); as an object each in a Map,
 * they took some 250 bytes apiece, 64 bytes here.
 */
import type { PairSummary } from "./edge-table.js";
import { SlotRows } from "./slot-rows.js";

/** Offsets of a remembered summary's numbers within its row (`STRIDE` doubles). */
const FROM = 0;
const UNTIL = 1;
const WINDOW_MILLISECONDS = 2;
const LAST_AT = 3;
const EMAILS = 4;
const MEETINGS = 5;
const WINDOW_EMAILS = 6;
const WINDOW_MEETINGS = 7;
const STRIDE = 8;

/** When a remembered summary holds: every `now` in [from, until), for one reason window. */
export interface SummarySpan {
  from: number;
  until: number;
  windowMilliseconds: number;
}

/**
 * Remembered pair summaries by edge slot: each a row of numbers, rows reused once forgotten.
 *
 * @example
 * const summaries = new RememberedSummaries();
 * summaries.set(7, { emails: 2, meetings: 1, windowEmails: 1, windowMeetings: 0, lastAt: 1_000 }, { from: 1_000, until: Infinity, windowMilliseconds: 90 * 86_400_000 });
 * summaries.get(7, 5_000, 90 * 86_400_000); // { emails: 2, meetings: 1, windowEmails: 1, windowMeetings: 0, lastAt: 1000 }
 * summaries.get(7, 500, 90 * 86_400_000); // undefined: before `from`
 */
export class RememberedSummaries {
  private readonly rows = new SlotRows(STRIDE);

  /** How many summaries are remembered. */
  get size(): number {
    return this.rows.size;
  }

  /** The summary remembered for `slot`, when it holds at `now` for a window of `windowMilliseconds`; a fresh object. */
  get(slot: number, now: number, windowMilliseconds: number): PairSummary | undefined {
    const base = this.rows.baseOf(slot);
    if (base < 0) return undefined;
    const rows = this.rows.values;
    if (rows[base + WINDOW_MILLISECONDS] !== windowMilliseconds || now < rows[base + FROM]! || now >= rows[base + UNTIL]!) return undefined;
    const lastAt = rows[base + LAST_AT]!;
    return {
      emails: rows[base + EMAILS]!,
      meetings: rows[base + MEETINGS]!,
      windowEmails: rows[base + WINDOW_EMAILS]!,
      windowMeetings: rows[base + WINDOW_MEETINGS]!,
      lastAt: Number.isNaN(lastAt) ? null : lastAt,
    };
  }

  /** Remembers (a copy of) `summary` for `slot`, holding over `span`; replaces what `slot` had. */
  set(slot: number, summary: PairSummary, span: SummarySpan): void {
    const base = this.rows.claim(slot);
    const rows = this.rows.values;
    rows[base + FROM] = span.from;
    rows[base + UNTIL] = span.until;
    rows[base + WINDOW_MILLISECONDS] = span.windowMilliseconds;
    rows[base + LAST_AT] = summary.lastAt ?? Number.NaN;
    rows[base + EMAILS] = summary.emails;
    rows[base + MEETINGS] = summary.meetings;
    rows[base + WINDOW_EMAILS] = summary.windowEmails;
    rows[base + WINDOW_MEETINGS] = summary.windowMeetings;
  }

  /** Forgets what `slot` had remembered, if anything. */
  delete(slot: number): void {
    this.rows.release(slot);
  }
}
