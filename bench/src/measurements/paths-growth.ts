/**
 * Measurement 7 for the engine's two-hop paths: how its p50 grows from the smallest scale to this run's,
 * measured side by side. A small tenant's graph is hydrated in this process next to this run's, and the
 * two are asked in alternating blocks of targets, so that both medians meet the same state of the
 * machine. Compared across separate reports, the same ratio also carries the drift between two runs
 * (the S median alone moved 0.048 to 0.125 ms between runs of one build).
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

export interface PathsGrowthOptions {
  small: ScaledGraph;
  large: ScaledGraph;
  /** Targets drawn per scale and question (with repeats, as measurement 3 draws them); each distinct one is timed. */
  targets: number;
  /** Targets a scale is asked in a row before the other's turn. */
  block: number;
}

/** Targets drawn for each scale's warm-up, before the timed ones are taken out (as measurement 3). */
const WARM_UP_TARGETS = 200;

/** The growth a target allows: the large scale's median under twice the small one's. */
export const MAXIMUM_GROWTH = 2;

/** The targets, warm-up and question of one scale, drawn as measurement 3 draws them. */
function questionOf(side: ScaledGraph, entity: "person" | "company", count: number) {
  const ranked = entity === "person" ? side.tenant.personUuids : side.tenant.companyUuids;
  const exponent = entity === "person" ? 1.05 : 1.0;
  // Other targets than the engine row's (seeds 31 and 32), which the large graph has just answered: its
  // remembered pair views and summaries would make a second ask of them cheaper than a first.
  const seed = entity === "person" ? 33 : 34;
  const targets = distinctTargets(ranked, count, exponent, seed);
  const warm = warmUpTargets(ranked, targets, WARM_UP_TARGETS, exponent, seed + 1000);
  const answer = (uuid: string) => recommendedPaths(side.graph, { entity, uuid }, { now: BENCH_NOW });
  return { targets, warm, answer };
}

/** Times `answer` once for each of `targets` from `from` to `to`, appending to `durations` and `answers`. */
function timeBlock(
  question: ReturnType<typeof questionOf>,
  from: number,
  to: number,
  durations: number[],
  answers: RecommendedPathsResponse[],
): void {
  for (let index = from; index < to; index += 1) {
    const started = performance.now();
    const response = question.answer(question.targets[index]!);
    durations.push(performance.now() - started);
    answers.push(response);
  }
}

const pathsCounted = (answers: readonly RecommendedPathsResponse[]) =>
  median(answers.map((response) => response.items.reduce((sum, item) => sum + item.path_count, 0)));

/**
 * For persons and companies: the engine's p50 on the large graph against the small one, timed in
 * alternating blocks (small first) after each has warmed on its own targets.
 */
export function measurePathsGrowth(options: PathsGrowthOptions): MeasurementResult[] {
  const { small, large, targets, block } = options;
  if (!Number.isInteger(block) || block < 1) throw new Error(`block must be a positive integer, not ${block}`);
  const results: MeasurementResult[] = [];
  for (const entity of ["person", "company"] as const) {
    const smallQuestion = questionOf(small, entity, targets);
    const largeQuestion = questionOf(large, entity, targets);
    for (const uuid of smallQuestion.warm) smallQuestion.answer(uuid);
    for (const uuid of largeQuestion.warm) largeQuestion.answer(uuid);
    const durations = { small: [] as number[], large: [] as number[] };
    const answers = { small: [] as RecommendedPathsResponse[], large: [] as RecommendedPathsResponse[] };
    const longest = Math.max(smallQuestion.targets.length, largeQuestion.targets.length);
    for (let from = 0; from < longest; from += block) {
      timeBlock(smallQuestion, from, Math.min(smallQuestion.targets.length, from + block), durations.small, answers.small);
      timeBlock(largeQuestion, from, Math.min(largeQuestion.targets.length, from + block), durations.large, answers.large);
    }
    const smallSummary = summarize(durations.small);
    const largeSummary = summarize(durations.large);
    const growth = largeSummary.medianMs / smallSummary.medianMs;
    results.push({
      id: `paths-${entity}-growth`,
      title: `Two-hop ranked paths to one ${entity} (engine), growth ${small.scale} -> ${large.scale} side by side`,
      subject: { label: `recommendedPaths on the ${large.scale} graph, ${largeSummary.count} distinct random targets`, summary: largeSummary },
      baseline: { label: `the same on an ${small.scale} tenant's graph in this process, in alternating blocks of ${block}`, summary: smallSummary },
      speedRatio: speedRatioOf(largeSummary, smallSummary),
      targets: [{ description: `p50 grows < ${MAXIMUM_GROWTH}x from ${small.scale} to ${large.scale} (side by side in one process)`, met: growth < MAXIMUM_GROWTH }],
      figures: {
        growth,
        smallMedianPathsCounted: pathsCounted(answers.small),
        largeMedianPathsCounted: pathsCounted(answers.large),
      },
      notes: [
        `targets drawn at each scale as for the engine row (half uniform, half weighted by activity) with other seeds, ${targets} draws each, every distinct target timed once; each scale warmed on ${WARM_UP_TARGETS} other targets; then blocks of ${block} targets, ${small.scale} first, alternating; both graphs share this process's heap`,
        "growth: the subject's median over the baseline's; medianPathsCounted: the median target's direct and two-hop paths at each scale (its neighbourhood)",
      ],
    });
  }
  return results;
}
