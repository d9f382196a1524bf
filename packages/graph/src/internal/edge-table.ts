/**
 * @module Per-edge aggregates in typed arrays, indexed by the edge's slot (which is also its graphology key).
 *
 * Masses are sums of `audience factor * 2^((occurredAt - anchorAt) / halfLife)` anchored at the edge's
 * latest interaction, so a score at any `now` after it is one multiplication: the sum never overflows and
 * needs no rescan. "Low" and "high" name the direction of an email by the person index of its sender.
 */
import { grown } from "./grown-array.js";

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
}

/**
 * A pair aggregate with no interaction.
 * @example emptyAggregate().anchorAt; // -Infinity
 */
export function emptyAggregate(): PairAggregate {
  return { emailsLow: 0, emailsHigh: 0, meetings: 0, massEmailLow: 0, massEmailHigh: 0, massMeeting: 0, anchorAt: -Infinity };
}

/** An edge's aggregate over its interactions up to some `now`, and the span of `now`s it holds for. */
interface PastView {
  /** The latest interaction it counts (-Infinity when none): it holds for `now` in [from, until). */
  from: number;
  /** The pair's first interaction after it (Infinity when none). */
  until: number;
  aggregate: PairAggregate;
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

interface RememberedSummary {
  from: number;
  until: number;
  windowMilliseconds: number;
  summary: PairSummary;
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
  massEmailLow = new Float64Array(1024);
  massEmailHigh = new Float64Array(1024);
  massMeeting = new Float64Array(1024);
  anchorAt = new Float64Array(1024);
  emailsLow = new Int32Array(1024);
  emailsHigh = new Int32Array(1024);
  meetings = new Int32Array(1024);
  /**
   * Remembered past-only aggregates of edges whose latest interaction is after the `now` they were scored at
   * (an upcoming meeting): a rescan is needed only once `now` leaves the span. Any change to an edge forgets it.
   */
  private readonly pastViews = new Map<number, PastView>();

  /**
   * The remembered aggregate of `slot` over its interactions up to `now`, when one holds for `now`.
   * @example edges.pastView(slot, Date.UTC(2026, 11, 1)); // undefined until remembered
   */
  pastView(slot: number, now: number): PairAggregate | undefined {
    const view = this.pastViews.get(slot);
    return view !== undefined && view.from <= now && now < view.until ? view.aggregate : undefined;
  }

  /**
   * Remembers `aggregate` (the pair's interactions up to some `now`: the latest at `aggregate.anchorAt`) as
   * holding until the pair's next interaction at `until`.
   * @example edges.rememberPastView(slot, aggregate, Date.UTC(2026, 11, 8));
   */
  rememberPastView(slot: number, aggregate: PairAggregate, until: number): void {
    this.pastViews.set(slot, { from: aggregate.anchorAt, until, aggregate });
  }

  /**
   * Remembered pair summaries (the counts behind `rq_reason`), each holding while no interaction of the
   * pair becomes past or leaves the reason window. Any change to an edge forgets it.
   */
  private readonly summaries = new Map<number, RememberedSummary>();

  /**
   * The remembered summary of `slot` at `now` for a reason window of `windowMilliseconds`, when one holds.
   * @example edges.summary(slot, Date.UTC(2026, 11, 1), 90 * 86_400_000); // undefined until remembered
   */
  summary(slot: number, now: number, windowMilliseconds: number): PairSummary | undefined {
    const remembered = this.summaries.get(slot);
    if (remembered === undefined || remembered.windowMilliseconds !== windowMilliseconds) return undefined;
    return remembered.from <= now && now < remembered.until ? remembered.summary : undefined;
  }

  /**
   * Remembers `summary`, computed at `from`, as holding for every `now` in [from, until).
   * @example edges.rememberSummary(slot, summary, { from, until, windowMilliseconds });
   */
  rememberSummary(slot: number, summary: PairSummary, span: Omit<RememberedSummary, "summary">): void {
    this.summaries.set(slot, { ...span, summary });
  }

  private forget(slot: number): void {
    if (this.pastViews.size > 0) this.pastViews.delete(slot);
    if (this.summaries.size > 0) this.summaries.delete(slot);
  }

  allocate(): number {
    this.live += 1;
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.size === this.capacity) {
      const capacity = this.capacity * 2;
      this.massEmailLow = grown(this.massEmailLow, capacity);
      this.massEmailHigh = grown(this.massEmailHigh, capacity);
      this.massMeeting = grown(this.massMeeting, capacity);
      this.anchorAt = grown(this.anchorAt, capacity);
      this.emailsLow = grown(this.emailsLow, capacity);
      this.emailsHigh = grown(this.emailsHigh, capacity);
      this.meetings = grown(this.meetings, capacity);
      this.capacity = capacity;
    }
    const slot = this.size;
    this.size += 1;
    this.anchorAt[slot] = -Infinity;
    return slot;
  }

  /** Drops the spare capacity left by doubling (called once a hydration is complete). */
  trim(): void {
    const capacity = Math.max(1024, this.size);
    if (capacity === this.capacity) return;
    this.massEmailLow = this.massEmailLow.slice(0, capacity);
    this.massEmailHigh = this.massEmailHigh.slice(0, capacity);
    this.massMeeting = this.massMeeting.slice(0, capacity);
    this.anchorAt = this.anchorAt.slice(0, capacity);
    this.emailsLow = this.emailsLow.slice(0, capacity);
    this.emailsHigh = this.emailsHigh.slice(0, capacity);
    this.meetings = this.meetings.slice(0, capacity);
    this.capacity = capacity;
  }

  release(slot: number): void {
    this.live -= 1;
    this.forget(slot);
    this.write(slot, emptyAggregate());
    this.free.push(slot);
  }

  write(slot: number, aggregate: PairAggregate): void {
    this.forget(slot);
    this.massEmailLow[slot] = aggregate.massEmailLow;
    this.massEmailHigh[slot] = aggregate.massEmailHigh;
    this.massMeeting[slot] = aggregate.massMeeting;
    this.anchorAt[slot] = aggregate.anchorAt;
    this.emailsLow[slot] = aggregate.emailsLow;
    this.emailsHigh[slot] = aggregate.emailsHigh;
    this.meetings[slot] = aggregate.meetings;
  }

  read(slot: number): PairAggregate {
    return {
      emailsLow: this.emailsLow[slot] ?? 0,
      emailsHigh: this.emailsHigh[slot] ?? 0,
      meetings: this.meetings[slot] ?? 0,
      massEmailLow: this.massEmailLow[slot] ?? 0,
      massEmailHigh: this.massEmailHigh[slot] ?? 0,
      massMeeting: this.massMeeting[slot] ?? 0,
      anchorAt: this.anchorAt[slot] ?? -Infinity,
    };
  }

  /** Adds one interaction's contribution, re-anchoring the masses when it is the newest. */
  accumulate(slot: number, occurredAt: number, halfLifeMilliseconds: number, factor: number, kind: "meeting" | "low" | "high"): void {
    this.forget(slot);
    let anchorAt = this.anchorAt[slot] ?? occurredAt;
    if (occurredAt > anchorAt) {
      const scale = 2 ** ((anchorAt - occurredAt) / halfLifeMilliseconds);
      this.massEmailLow[slot] = (this.massEmailLow[slot] ?? 0) * scale;
      this.massEmailHigh[slot] = (this.massEmailHigh[slot] ?? 0) * scale;
      this.massMeeting[slot] = (this.massMeeting[slot] ?? 0) * scale;
      this.anchorAt[slot] = occurredAt;
      anchorAt = occurredAt;
    }
    const mass = factor * 2 ** ((occurredAt - anchorAt) / halfLifeMilliseconds);
    if (kind === "meeting") {
      this.massMeeting[slot] = (this.massMeeting[slot] ?? 0) + mass;
      this.meetings[slot] = (this.meetings[slot] ?? 0) + 1;
    } else if (kind === "low") {
      this.massEmailLow[slot] = (this.massEmailLow[slot] ?? 0) + mass;
      this.emailsLow[slot] = (this.emailsLow[slot] ?? 0) + 1;
    } else {
      this.massEmailHigh[slot] = (this.massEmailHigh[slot] ?? 0) + mass;
      this.emailsHigh[slot] = (this.emailsHigh[slot] ?? 0) + 1;
    }
  }
}
