/** What one measurement reports: Rapport's figures beside the in-run baseline's, and the target. */
import type { Summary } from "./statistics.js";

export interface Target {
  description: string;
  met: boolean;
}

export interface MeasurementResult {
  id: string;
  title: string;
  subject: { label: string; summary: Summary };
  baseline: { label: string; summary: Summary } | null;
  /**
   * Rapport relative to the baseline, as "times as fast" (baseline median / subject median, or
   * subject throughput / baseline throughput): above 1 Rapport is faster.
   */
  speedRatio: number | null;
  targets: Target[];
  /** Extra figures (peak RSS, sizes) by name. */
  figures: Record<string, number>;
  notes: string[];
  /** Set when the measurement could not complete; its figures are then empty. */
  error?: string;
}

const EMPTY: Summary = { count: 0, medianMs: Number.NaN, p95Ms: Number.NaN, p99Ms: Number.NaN, opsPerSecond: Number.NaN };

/** The row of a measurement that failed: the run goes on and the report says what went wrong. */
export function failedMeasurement(id: string, title: string, error: unknown): MeasurementResult {
  // fetch reports "fetch failed" and keeps the reason (a closed socket, a refused connection) as its cause.
  const reasons: string[] = [];
  for (let current: unknown = error; current !== undefined && reasons.length < 4; current = (current as { cause?: unknown }).cause) {
    reasons.push(current instanceof Error ? current.message : String(current));
    if (!(current instanceof Error)) break;
  }
  const message = reasons.join(": ");
  return {
    id,
    title,
    subject: { label: "FAILED", summary: EMPTY },
    baseline: null,
    speedRatio: null,
    targets: [],
    figures: {},
    notes: [`FAILED: ${message.slice(0, 500)}`],
    error: message,
  };
}

export const speedRatioOf = (subject: Summary, baseline: Summary): number => baseline.medianMs / subject.medianMs;
