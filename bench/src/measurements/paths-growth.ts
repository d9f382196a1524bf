/**
 * Measurement 7 for the engine's two-hop paths: how its p50 grows from the smallest scale to this run's,
 * measured side by side. A small tenant's graph is hydrated in this process next to this run's, and the
 * two are asked in alternating blocks of targets, so that both medians meet the same state of the
 * machine. Compared across separate reports, the same ratio also carries the drift between two runs
 * (the S median alone moved 0.048 to 0.125 ms between runs of one build).
 *
 * It runs in rounds, pooled. On this machine the median of one pass over the same ~200 S companies moved
 * between 0.06 and 0.17 ms from process to process, and from graph to graph within one process: one pass
 * flipped the company verdict between 1.4x and 2.4x. Each round asks a freshly hydrated small graph the
 * same targets (a small tenant has too few to draw new ones), and the large graph targets it has not been
 * asked yet.
 */
import { recommendedPaths, type RecommendedPathsResponse, type RelationshipGraph } from "@rapport/graph";
import type { MeasurementResult } from "../measurement.js";
import { speedRatioOf } from "../measurement.js";
import { BENCH_NOW, type SyntheticTenant } from "../generate-tenant.js";
import { distinctTargets, warmUpTargets } from "../targets.js";
import { median, summarize } from "../statistics.js";

/** A tenant's graph, hydrated in this process, and the scale it was generated at. */
export interface ScaledGraph {
  scale: string;
  graph: RelationshipGraph;
  tenant: SyntheticTenant;
}

/** A graph opened for one round, and how to release it. */
export interface OpenedGraph {
  graph: RelationshipGraph;
  close: () => Promise<void>;
}

/** The small tenant, whose graph is hydrated afresh for each round: nothing has been asked of it yet. */
export interface SmallTenant {
  scale: string;
  tenant: SyntheticTenant;
  openGraph: () => Promise<OpenedGraph>;
}

export interface PathsGrowthOptions {
  small: SmallTenant;
  large: ScaledGraph;
  /** Targets drawn per scale, question and round (with repeats, as measurement 3 draws them); each distinct one is timed. */
  targets: number;
  /** Targets a scale is asked in a row before the other's turn. */
  block: number;
  /** Rounds pooled into the medians. */
  rounds: number;
}

/** Targets drawn for each scale's warm-up, before the timed ones are taken out (as measurement 3). */
const WARM_UP_TARGETS = 200;

/** The growth a target allows: the large scale's median under twice the small one's. */
export const MAXIMUM_GROWTH = 2;

/** Seeds of a round's large-scale draw: others than the engine row's (31 and 32), and each round its own. */
const seedOf = (entity: "person" | "company", round: number) => (entity === "person" ? 33 : 34) + 100 * round;

function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not ${value}`);
}

/** Times `answer` once for each of `targets` from `from` to `to`, appending to `durations` and `answers`. */
function timeBlock(
  answer: (uuid: string) => RecommendedPathsResponse,
  targets: readonly string[],
  from: number,
  to: number,
  durations: number[],
  answers: RecommendedPathsResponse[],
): void {
  for (let index = from; index < to; index += 1) {
    const started = performance.now();
    const response = answer(targets[index]!);
    durations.push(performance.now() - started);
    answers.push(response);
  }
}

const pathsOf = (response: RecommendedPathsResponse) => response.items.reduce((sum, item) => sum + item.path_count, 0);

const pathsCounted = (answers: readonly RecommendedPathsResponse[]) => median(answers.map(pathsOf));

/** The median over targets of each one's time divided by its paths counted; targets without a path are left out. */
export function medianMsPerPath(durations: readonly number[], answers: readonly RecommendedPathsResponse[]): number {
  if (durations.length !== answers.length) throw new Error(`${durations.length} durations for ${answers.length} answers`);
  const perPath: number[] = [];
  answers.forEach((response, index) => {
    const paths = pathsOf(response);
    if (paths > 0) perPath.push(durations[index]! / paths);
  });
  return perPath.length === 0 ? Number.NaN : median(perPath);
}

const answerOn = (graph: RelationshipGraph, entity: "person" | "company") => (uuid: string) =>
  recommendedPaths(graph, { entity, uuid }, { now: BENCH_NOW });

interface Timings {
  durations: { small: number[]; large: number[] };
  answers: { small: RecommendedPathsResponse[]; large: RecommendedPathsResponse[] };
  roundGrowths: number[];
  largeTargets: number;
  smallTargets: number;
}

/** Every round of one question: the small graph afresh each round, the large one on targets it has not been asked. */
async function timeRounds(options: PathsGrowthOptions, entity: "person" | "company"): Promise<Timings> {
  const { small, large, targets, block, rounds } = options;
  const rankedOf = (tenant: SyntheticTenant) => (entity === "person" ? tenant.personUuids : tenant.companyUuids);
  const exponent = entity === "person" ? 1.05 : 1.0;
  const smallRanked = rankedOf(small.tenant);
  const largeRanked = rankedOf(large.tenant);
  const smallTargets = distinctTargets(smallRanked, targets, exponent, seedOf(entity, 0));
  const smallWarm = warmUpTargets(smallRanked, smallTargets, WARM_UP_TARGETS, exponent, seedOf(entity, 0) + 1000);
  const askedOfLarge = new Set<string>();
  const timings: Timings = { durations: { small: [], large: [] }, answers: { small: [], large: [] }, roundGrowths: [], largeTargets: 0, smallTargets: 0 };

  // The small graph's code paths (a small graph ranks without a team-link table) warmed on a graph thrown
  // away: its warm-up draw alone can be one company, once the timed ones are taken out of 200.
  const throwaway = await small.openGraph();
  try {
    const answer = answerOn(throwaway.graph, entity);
    for (const uuid of [...smallWarm, ...smallTargets]) answer(uuid);
  } finally {
    await throwaway.close();
  }

  const largeAnswer = answerOn(large.graph, entity);
  for (let round = 0; round < rounds; round += 1) {
    const seed = seedOf(entity, round);
    const largeTargets = distinctTargets(largeRanked, targets, exponent, seed).filter((uuid) => !askedOfLarge.has(uuid));
    const largeWarm = warmUpTargets(largeRanked, largeTargets, WARM_UP_TARGETS, exponent, seed + 1000);
    for (const uuid of [...largeTargets, ...largeWarm]) askedOfLarge.add(uuid);
    const opened = await small.openGraph();
    try {
      const smallAnswer = answerOn(opened.graph, entity);
      for (const uuid of smallWarm) smallAnswer(uuid);
      for (const uuid of largeWarm) largeAnswer(uuid);
      const timed = { small: [] as number[], large: [] as number[] };
      const longest = Math.max(smallTargets.length, largeTargets.length);
      for (let from = 0; from < longest; from += block) {
        timeBlock(smallAnswer, smallTargets, from, Math.min(smallTargets.length, from + block), timed.small, timings.answers.small);
        timeBlock(largeAnswer, largeTargets, from, Math.min(largeTargets.length, from + block), timed.large, timings.answers.large);
      }
      timings.roundGrowths.push(median(timed.large) / median(timed.small));
      timings.durations.small.push(...timed.small);
      timings.durations.large.push(...timed.large);
      timings.largeTargets += largeTargets.length;
      timings.smallTargets = smallTargets.length;
    } finally {
      await opened.close();
    }
  }
  return timings;
}

/**
 * For persons and companies: the engine's p50 on the large graph against the small one, timed in
 * alternating blocks (small first) after each has warmed on its own targets, over `rounds` rounds pooled.
 */
export async function measurePathsGrowth(options: PathsGrowthOptions): Promise<MeasurementResult[]> {
  const { small, large, targets, block, rounds } = options;
  requirePositiveInteger("block", block);
  requirePositiveInteger("rounds", rounds);
  const results: MeasurementResult[] = [];
  for (const entity of ["person", "company"] as const) {
    const timings = await timeRounds(options, entity);
    const smallSummary = summarize(timings.durations.small);
    const largeSummary = summarize(timings.durations.large);
    const growth = largeSummary.medianMs / smallSummary.medianMs;
    results.push({
      id: `paths-${entity}-growth`,
      title: `Two-hop ranked paths to one ${entity} (engine), growth ${small.scale} -> ${large.scale} side by side`,
      subject: {
        label: `recommendedPaths on the ${large.scale} graph, ${timings.largeTargets} distinct random targets over ${rounds} round(s)`,
        summary: largeSummary,
      },
      baseline: {
        label: `the same on an ${small.scale} tenant's graph in this process (${timings.smallTargets} distinct targets, a fresh graph each round), in alternating blocks of ${block}`,
        summary: smallSummary,
      },
      speedRatio: speedRatioOf(largeSummary, smallSummary),
      targets: [{ description: `p50 grows < ${MAXIMUM_GROWTH}x from ${small.scale} to ${large.scale} (side by side in one process)`, met: growth < MAXIMUM_GROWTH }],
      figures: {
        growth,
        lowestRoundGrowth: Math.min(...timings.roundGrowths),
        highestRoundGrowth: Math.max(...timings.roundGrowths),
        smallMedianPathsCounted: pathsCounted(timings.answers.small),
        largeMedianPathsCounted: pathsCounted(timings.answers.large),
        perPathGrowth:
          medianMsPerPath(timings.durations.large, timings.answers.large) / medianMsPerPath(timings.durations.small, timings.answers.small),
      },
      notes: [
        `targets drawn at each scale as for the engine row (half uniform, half weighted by activity) with other seeds, ${targets} draws each, every distinct target timed once on its graph; ${rounds} round(s), pooled: each round hydrates the ${small.scale} graph afresh and asks it the same targets, and asks the ${large.scale} graph targets it has not been asked before; each side warmed on ${WARM_UP_TARGETS} draws of other targets each round (and the ${small.scale} code paths once, on a graph thrown away); then blocks of ${block} targets, ${small.scale} first, alternating; both graphs share this process's heap`,
        "growth: the subject's median over the baseline's, all rounds pooled; lowest/highestRoundGrowth: the same ratio within each round; medianPathsCounted: the median target's direct and two-hop paths at each scale (its neighbourhood); perPathGrowth: the same growth of each target's time per path counted (targets without a path left out), which holds the neighbourhood's size still",
      ],
    });
  }
  return results;
}
