/** Seeded randomness for the synthetic tenant (pure-rand's xoroshiro128+): same seed, same tenant. */
import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  integer(min: number, max: number): number;
  /** True with probability `probability`. */
  chance(probability: number): boolean;
}

export function createRandom(seed: number): Random {
  const generator = xoroshiro128plus(seed);
  const next = () => uniformFloat64(generator);
  return {
    next,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
  };
}

/**
 * Samples indexes 0..count-1 with Zipf-like weights (rank^-exponent): a few heavy hitters, a long
 * tail of rarely seen ones.
 */
export function createZipfSampler(count: number, exponent: number, random: Random): () => number {
  const cumulative = new Float64Array(count);
  let total = 0;
  for (let rank = 0; rank < count; rank++) {
    total += 1 / Math.pow(rank + 1, exponent);
    cumulative[rank] = total;
  }
  return () => {
    const target = random.next() * total;
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}
