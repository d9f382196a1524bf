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
}

export const speedRatioOf = (subject: Summary, baseline: Summary): number => baseline.medianMs / subject.medianMs;
