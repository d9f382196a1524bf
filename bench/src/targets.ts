/**
 * Random targets for the per-target measurements: half drawn uniformly (mostly the long tail), half
 * weighted like the generator's activity (the heavy hitters), with the very heaviest always in.
 */
import { createRandom, createZipfSampler } from "./random.js";

/** `count` uuids from `ranked` (heaviest first), deterministic for a seed; repeats allowed. */
export function sampleTargets(ranked: readonly string[], count: number, exponent: number, seed: number): string[] {
  const random = createRandom(seed);
  const heavy = createZipfSampler(ranked.length, exponent, random);
  const targets = ranked.slice(0, Math.min(5, count));
  while (targets.length < count) {
    targets.push(ranked[targets.length % 2 === 0 ? random.integer(0, ranked.length - 1) : heavy()]!);
  }
  // Interleave the heaviest with the rest so a prefix of the list has the same mix as the whole.
  for (let index = targets.length - 1; index > 0; index--) {
    const other = random.integer(0, index);
    [targets[index], targets[other]] = [targets[other]!, targets[index]!];
  }
  return targets;
}

/**
 * The distinct uuids of {@link sampleTargets}' draw, in the order each is first drawn: the per-target rows
 * time each target once, at its first ask. A repeated target finds its pairs' views and summaries (and, over
 * HTTP, its answer) remembered, and a small tenant's draws repeat far more than a large one's.
 */
export function distinctTargets(ranked: readonly string[], draws: number, exponent: number, seed: number): string[] {
  return [...new Set(sampleTargets(ranked, draws, exponent, seed))];
}

/**
 * Targets to warm up on: drawn like {@link sampleTargets} with another seed, minus every timed target,
 * so the warm-up has the same mix and the timed targets are still asked for the first time.
 */
export function warmUpTargets(ranked: readonly string[], timed: readonly string[], count: number, exponent: number, seed: number): string[] {
  const excluded = new Set(timed);
  return sampleTargets(ranked, count, exponent, seed).filter((uuid) => !excluded.has(uuid));
}

/** Targets a batch endpoint takes at most, and so each benchmark batch asks. */
export const BATCH_SIZE = 100;

/** How the batch rows draw their targets, per entity: the same mix as the per-target rows, other seeds. */
export const BATCH_DRAWS = {
  person: { exponent: 1.05, seed: 41 },
  company: { exponent: 1.0, seed: 42 },
} as const;

/**
 * `rounds` batches of {@link BATCH_SIZE} distinct targets each (fewer when `ranked` has fewer), drawn in turn
 * from one sample ({@link BATCH_DRAWS}): a client asking about 100 companies names each once. The sample
 * draws the heaviest targets often, so a plain slice of it would repeat them within a batch; across
 * batches they recur, as busy contacts recur in a client's lists.
 */
export function batchTargets(ranked: readonly string[], rounds: number, entity: keyof typeof BATCH_DRAWS): string[][] {
  const { exponent, seed } = BATCH_DRAWS[entity];
  const sample = sampleTargets(ranked, rounds * BATCH_SIZE * 4, exponent, seed);
  const batches: string[][] = [];
  let next = 0;
  for (let round = 0; round < rounds; round++) {
    const batch = new Set<string>();
    while (batch.size < Math.min(BATCH_SIZE, ranked.length) && next < sample.length) batch.add(sample[next++]!);
    batches.push([...batch]);
  }
  return batches;
}
