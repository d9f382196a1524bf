/**
 * @module
 * What a run of pairs says: each pair is one batch sent to build A and build B, in turn, moments apart; the machine's
 * phase moves both alike, so the difference within a pair is read, not each build's figures on their own.
 */
/** One figure of the two builds for one batch, measured moments apart. */
export interface Pair {
  a: number;
  b: number;
}

/** The pairs' medians, the median of their differences (b − a) with its quartiles, and how often b was lower. */
export interface PairedDifferences {
  pairs: number;
  medianA: number;
  medianB: number;
  medianDifference: number;
  lowerQuartile: number;
  upperQuartile: number;
  /** Pairs in which b was lower than a (a tie counts for neither). */
  bLower: number;
}

/** The `q` quantile (0 to 1) of `values`, interpolated between the two nearest ranks. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/** Summarizes `pairs` (see {@link PairedDifferences}); NaN figures for none. */
export function pairedDifferences(pairs: readonly Pair[]): PairedDifferences {
  const differences = pairs.map((pair) => pair.b - pair.a);
  return {
    pairs: pairs.length,
    medianA: quantile(pairs.map((pair) => pair.a), 0.5),
    medianB: quantile(pairs.map((pair) => pair.b), 0.5),
    // Interpolated as the quartiles are, so that the median lies between them.
    medianDifference: quantile(differences, 0.5),
    lowerQuartile: quantile(differences, 0.25),
    upperQuartile: quantile(differences, 0.75),
    bLower: differences.filter((difference) => difference < 0).length,
  };
}
