/**
 * @module Per-edge aggregates in typed arrays, indexed by the edge's slot (which is also its graphology key).
 *
 * Masses are sums of `audience factor * 2^((occurredAt - anchorAt) / halfLife)` anchored at the edge's
 * latest interaction, so a score at any `now` after it is one multiplication: the sum never overflows and
 * needs no rescan. "Low" and "high" name the direction of an email by the person index of its sender.
 */
import { decayFactor } from "./decay.js";
import { grown } from "./grown-array.js";
import {
  ANCHOR_AT,
  EMAILS_HIGH,
  EMAILS_LOW,
  MASS_EMAIL_HIGH,
  MASS_EMAIL_LOW,
  MASS_MEETING,
  MEETINGS,
  readAggregateRow,
  ROW_OWN,
  ROW_STRIDE,
  writeAggregateRow,
  type ScoringAggregate,
} from "./aggregate-row.js";
import { RememberedPastViews } from "./remembered-past-views.js";
import { RememberedSummaries, type SummarySpan } from "./remembered-summaries.js";

/** An edge's row: its aggregate, then its first interaction. */
const FIRST_AT = ROW_OWN;
const STRIDE = ROW_STRIDE;

/** One pair's aggregate, as stored or as recomputed by a scan. */
export interface PairAggregate {
  emailsLow: number;
  emailsHigh: number;
  meetings: number;
  massEmailLow: number;
  massEmailHigh: number;
  massMeeting: number;
  /** Latest occurredAt among the counted interactions (-Infinity when none). */
  anchorAt: number;
  /** Earliest occurredAt among the counted interactions (Infinity when none). */
  firstAt: number;
}

/**
 * A pair aggregate with no interaction.
 * @example emptyAggregate().anchorAt; // -Infinity
 */
export function emptyAggregate(): PairAggregate {
  return { emailsLow: 0, emailsHigh: 0, meetings: 0, massEmailLow: 0, massEmailHigh: 0, massMeeting: 0, anchorAt: -Infinity, firstAt: Infinity };
}

/**
 * Counts one interaction into `aggregate` (a scan's, in the order of the persons' interaction lists): the
 * masses are kept anchored at the latest interaction counted. Kinds name an email's direction by its sender:
 * "low" when the sender has the lower person index of the pair.
 * @example foldInteraction(aggregate, Date.UTC(2026, 11, 1), 1, "meeting", 90 * 86_400_000);
 */
export function foldInteraction(aggregate: PairAggregate, occurredAt: number, factor: number, kind: "meeting" | "low" | "high", halfLifeMilliseconds: number): void {
  if (occurredAt < aggregate.firstAt) aggregate.firstAt = occurredAt;
  if (occurredAt > aggregate.anchorAt) {
    const scale = decayFactor(occurredAt - aggregate.anchorAt, halfLifeMilliseconds);
    aggregate.massEmailLow *= scale;
    aggregate.massEmailHigh *= scale;
    aggregate.massMeeting *= scale;
    aggregate.anchorAt = occurredAt;
  }
  const mass = factor * decayFactor(aggregate.anchorAt - occurredAt, halfLifeMilliseconds);
  if (kind === "meeting") {
    aggregate.massMeeting += mass;
    aggregate.meetings += 1;
  } else if (kind === "low") {
    aggregate.massEmailLow += mass;
    aggregate.emailsLow += 1;
  } else {
    aggregate.massEmailHigh += mass;
    aggregate.emailsHigh += 1;
  }
}

/** Counted interactions between the two persons of an edge at some `now` (see pair-summary.ts). */
export interface PairSummary {
  emails: number;
  meetings: number;
  /** Emails within the reason window (`now - occurredAt <= reasonWindowDays`). */
  windowEmails: number;
  windowMeetings: number;
  lastAt: number | null;
}

/**
 * Per-edge aggregates by edge slot.
 *
 * @example
 * const edges = new EdgeTable();
 * const slot = edges.allocate();
 * edges.accumulate(slot, Date.UTC(2026, 11, 1), 90 * 86_400_000, 1, "meeting");
 */
export class EdgeTable {
  private capacity = 1024;
  private size = 0;
  private readonly free: number[] = [];
  live = 0;
  /**
   * An edge's eight numbers side by side (`STRIDE` per slot, laid out as aggregate-row.ts says): a ranking
   * reads one cache line per edge instead of one per array, which is what its inner loop waits on in a large
   * graph.
   */
  private data = new Float64Array(1024 * STRIDE);
  /**
   * Remembered past-only aggregates of edges whose latest interaction is after the `now` they were scored at
   * (an upcoming meeting): a rescan is needed only once `now` leaves the span. Any change to an edge forgets it.
   */
  private readonly pastViews = new RememberedPastViews();

  /**
   * The remembered aggregate of `slot` over its interactions up to `now`, when one holds for `now` (a fresh
   * object, the caller's to change).
   * @example edges.pastView(slot, Date.UTC(2026, 11, 1)); // undefined until remembered
   */
  pastView(slot: number, now: number): ScoringAggregate | undefined {
    return this.pastViews.get(slot, now);
  }

  /**
   * Remembers (a copy of) `aggregate` (the pair's interactions up to some `now`: the latest at
   * `aggregate.anchorAt`) as holding until the pair's next interaction at `until`.
   * @example edges.rememberPastView(slot, aggregate, Date.UTC(2026, 11, 8));
   */
  rememberPastView(slot: number, aggregate: ScoringAggregate, until: number): void {
    this.pastViews.set(slot, aggregate, until);
  }

  /**
   * Remembered pair summaries (the counts behind `rq_reason`), each holding while no interaction of the
   * pair becomes past or leaves the reason window. Any change to an edge forgets it.
   */
  private readonly summaries = new RememberedSummaries();

  /**
   * The remembered summary of `slot` at `now` for a reason window of `windowMilliseconds`, when one holds
   * (a fresh object, the caller's to change).
   * @example edges.summary(slot, Date.UTC(2026, 11, 1), 90 * 86_400_000); // undefined until remembered
   */
  summary(slot: number, now: number, windowMilliseconds: number): PairSummary | undefined {
    return this.summaries.get(slot, now, windowMilliseconds);
  }

  /**
   * Remembers (a copy of) `summary`, computed at `from`, as holding for every `now` in [from, until).
   * @example edges.rememberSummary(slot, summary, { from, until, windowMilliseconds });
   */
  rememberSummary(slot: number, summary: PairSummary, span: SummarySpan): void {
    this.summaries.set(slot, summary, span);
  }

  private forget(slot: number): void {
    if (this.pastViews.size > 0) this.pastViews.delete(slot);
    if (this.summaries.size > 0) this.summaries.delete(slot);
  }

  /** The interactions counted into `slot`'s stored aggregate. */
  interactionCount(slot: number): number {
    const base = slot * STRIDE;
    const data = this.data;
    return data[base + EMAILS_LOW]! + data[base + EMAILS_HIGH]! + data[base + MEETINGS]!;
  }

  /** The emails (both directions) counted into `slot`'s stored aggregate. */
  emailCount(slot: number): number {
    const base = slot * STRIDE;
    return this.data[base + EMAILS_LOW]! + this.data[base + EMAILS_HIGH]!;
  }

  /** The meetings counted into `slot`'s stored aggregate. */
  meetingCount(slot: number): number {
    return this.data[slot * STRIDE + MEETINGS]!;
  }

  /** Latest occurredAt among `slot`'s counted interactions (-Infinity when none). */
  anchorAt(slot: number): number {
    return this.data[slot * STRIDE + ANCHOR_AT]!;
  }

  /** The email mass (both directions) of `slot`, anchored at its `anchorAt`. */
  emailMass(slot: number): number {
    const base = slot * STRIDE;
    return this.data[base + MASS_EMAIL_LOW]! + this.data[base + MASS_EMAIL_HIGH]!;
  }

  /** The meeting mass of `slot`, anchored at its `anchorAt`. */
  meetingMass(slot: number): number {
    return this.data[slot * STRIDE + MASS_MEETING]!;
  }

  /** Earliest occurredAt among `slot`'s counted interactions (Infinity when none). */
  firstAt(slot: number): number {
    return this.data[slot * STRIDE + FIRST_AT]!;
  }

  /** The mass of `slot`'s emails sent by the person of the lower index, anchored at its `anchorAt`. */
  emailMassLow(slot: number): number {
    return this.data[slot * STRIDE + MASS_EMAIL_LOW]!;
  }

  /** The mass of `slot`'s emails sent by the person of the higher index, anchored at its `anchorAt`. */
  emailMassHigh(slot: number): number {
    return this.data[slot * STRIDE + MASS_EMAIL_HIGH]!;
  }

  /** Every slot is below this; it grows as edges are allocated. */
  get slotCapacity(): number {
    return this.capacity;
  }

  allocate(): number {
    this.live += 1;
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.size === this.capacity) {
      this.capacity *= 2;
      this.data = grown(this.data, this.capacity * STRIDE);
    }
    const slot = this.size;
    this.size += 1;
    this.data[slot * STRIDE + ANCHOR_AT] = -Infinity;
    this.data[slot * STRIDE + FIRST_AT] = Infinity;
    return slot;
  }

  /** Drops the spare capacity left by doubling (called once a hydration is complete). */
  trim(): void {
    const capacity = Math.max(1024, this.size);
    if (capacity === this.capacity) return;
    this.data = this.data.slice(0, capacity * STRIDE);
    this.capacity = capacity;
  }

  release(slot: number): void {
    this.live -= 1;
    this.forget(slot);
    this.write(slot, emptyAggregate());
    this.free.push(slot);
  }

  /** Replaces `slot`'s aggregate; true when an edge that had interactions now has another first one. */
  write(slot: number, aggregate: PairAggregate): boolean {
    this.forget(slot);
    const base = slot * STRIDE;
    writeAggregateRow(this.data, base, aggregate);
    return this.setFirstAt(base, aggregate.firstAt);
  }

  /** Sets an edge's first interaction; true when it had another one (a copy of it is stale). */
  private setFirstAt(base: number, firstAt: number): boolean {
    const previous = this.data[base + FIRST_AT]!;
    if (previous === firstAt) return false;
    this.data[base + FIRST_AT] = firstAt;
    return previous !== Infinity;
  }

  read(slot: number): PairAggregate {
    const base = slot * STRIDE;
    return { ...readAggregateRow(this.data, base), firstAt: this.data[base + FIRST_AT]! };
  }

  /**
   * Adds one interaction's contribution, re-anchoring the masses when it is the newest. True when it is
   * older than the edge's first interaction until then (a copy of that first interaction is stale).
   */
  accumulate(slot: number, occurredAt: number, halfLifeMilliseconds: number, factor: number, kind: "meeting" | "low" | "high"): boolean {
    this.forget(slot);
    const base = slot * STRIDE;
    const data = this.data;
    let anchorAt = data[base + ANCHOR_AT]!;
    if (occurredAt > anchorAt) {
      const scale = decayFactor(occurredAt - anchorAt, halfLifeMilliseconds);
      data[base + MASS_EMAIL_LOW]! *= scale;
      data[base + MASS_EMAIL_HIGH]! *= scale;
      data[base + MASS_MEETING]! *= scale;
      anchorAt = occurredAt;
    }
    data[base + ANCHOR_AT] = anchorAt;
    const earlier = occurredAt < data[base + FIRST_AT]! && this.setFirstAt(base, occurredAt);
    const mass = factor * decayFactor(anchorAt - occurredAt, halfLifeMilliseconds);
    if (kind === "meeting") {
      data[base + MASS_MEETING]! += mass;
      data[base + MEETINGS]! += 1;
    } else if (kind === "low") {
      data[base + MASS_EMAIL_LOW]! += mass;
      data[base + EMAILS_LOW]! += 1;
    } else {
      data[base + MASS_EMAIL_HIGH]! += mass;
      data[base + EMAILS_HIGH]! += 1;
    }
    return earlier;
  }
}
