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
import { ENTITY_KINDS, recommendedPaths, type EntityKind, type RecommendedPathsResponse, type RelationshipGraph } from "@rapport/graph";
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
  /**
   * The small scale generated with the large scale's users: its rows read the growth with a target's
   * neighbourhood, which the team's size sets, held about the same, and carry no target.
   */
  sameTeam?: SmallTenant;
}

/** Targets drawn for each scale's warm-up, before the timed ones are taken out (as measurement 3). */
const WARM_UP_TARGETS = 200;

/** The growth a target allows: the large scale's median under twice the small one's. */
export const MAXIMUM_GROWTH = 2;

/** Seeds of a round's large-scale draw: others than the engine row's (31 and 32), and each round its own. */
const seedOf = (entity: EntityKind, round: number) => (entity === "person" ? 33 : 34) + 100 * round;

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

/** The engine's answer as JSON, in bytes (the API adds the records it names on top). */
const answerBytesOf = (response: RecommendedPathsResponse) => Buffer.byteLength(JSON.stringify(response));

const itemsOf = (response: RecommendedPathsResponse) => response.items.length;

/** The median over targets of each one's time divided by its units (paths, bytes); targets with none are left out. */
function medianMsPer(durations: readonly number[], units: readonly number[]): number {
  if (durations.length !== units.length) throw new Error(`${durations.length} durations for ${units.length} answers`);
  const perUnit: number[] = [];
  units.forEach((count, index) => {
    if (count > 0) perUnit.push(durations[index]! / count);
  });
  return perUnit.length === 0 ? Number.NaN : median(perUnit);
}

/** The median over targets of each one's time divided by its paths counted; targets without a path are left out. */
export const medianMsPerPath = (durations: readonly number[], answers: readonly RecommendedPathsResponse[]) => medianMsPer(durations, answers.map(pathsOf));

/** What one side's answers hold, per target. */
interface AnswerSizes {
  paths: number[];
  items: number[];
  bytes: number[];
}

/** What one side's answers hold: paths counted, items and JSON bytes, per target. */
function answerSizes(answers: readonly RecommendedPathsResponse[]): AnswerSizes {
  return { paths: answers.map(pathsOf), items: answers.map(itemsOf), bytes: answers.map(answerBytesOf) };
}

const answerOn = (graph: RelationshipGraph, entity: EntityKind) => (uuid: string) =>
  recommendedPaths(graph, { entity, uuid }, { now: BENCH_NOW });

/** One small tenant's side of the rounds. */
interface SmallTimings {
  durations: number[];
  answers: RecommendedPathsResponse[];
  roundGrowths: number[];
  /** Its distinct targets, asked once each round. */
  targets: number;
}

interface Timings {
  smalls: SmallTimings[];
  large: { durations: number[]; answers: RecommendedPathsResponse[]; targets: number };
}

/**
 * Every round of one question: each small graph afresh each round, the large one on targets it has not been
 * asked; blocks of each small tenant's targets, then the large one's, in turn.
 */
async function timeRounds(options: PathsGrowthOptions, entity: EntityKind): Promise<Timings> {
  const { large, targets, block, rounds } = options;
  const smalls = [options.small, ...(options.sameTeam ? [options.sameTeam] : [])];
  const rankedOf = (tenant: SyntheticTenant) => (entity === "person" ? tenant.personUuids : tenant.companyUuids);
  const exponent = entity === "person" ? 1.05 : 1.0;
  const sides = smalls.map((small) => {
    const ranked = rankedOf(small.tenant);
    const timed = distinctTargets(ranked, targets, exponent, seedOf(entity, 0));
    return { small, timed, warm: warmUpTargets(ranked, timed, WARM_UP_TARGETS, exponent, seedOf(entity, 0) + 1000) };
  });
  const largeRanked = rankedOf(large.tenant);
  const askedOfLarge = new Set<string>();
  const timings: Timings = {
    smalls: sides.map((side) => ({ durations: [], answers: [], roundGrowths: [], targets: side.timed.length })),
    large: { durations: [], answers: [], targets: 0 },
  };

  // The small graphs' code paths (a small graph ranks without a team-link table) warmed on graphs thrown
  // away: a warm-up draw alone can be one company, once the timed ones are taken out of 200.
  for (const side of sides) {
    const throwaway = await side.small.openGraph();
    try {
      const answer = answerOn(throwaway.graph, entity);
      for (const uuid of [...side.warm, ...side.timed]) answer(uuid);
    } finally {
      await throwaway.close();
    }
  }

  const largeAnswer = answerOn(large.graph, entity);
  for (let round = 0; round < rounds; round += 1) {
    const seed = seedOf(entity, round);
    const largeTargets = distinctTargets(largeRanked, targets, exponent, seed).filter((uuid) => !askedOfLarge.has(uuid));
    const largeWarm = warmUpTargets(largeRanked, largeTargets, WARM_UP_TARGETS, exponent, seed + 1000);
    for (const uuid of [...largeTargets, ...largeWarm]) askedOfLarge.add(uuid);
    const opened: OpenedGraph[] = [];
    try {
      for (const side of sides) opened.push(await side.small.openGraph());
      const smallAnswers = opened.map((graph) => answerOn(graph.graph, entity));
      sides.forEach((side, index) => side.warm.forEach((uuid) => smallAnswers[index]!(uuid)));
      for (const uuid of largeWarm) largeAnswer(uuid);
      const timedSmall = sides.map(() => [] as number[]);
      const timedLarge: number[] = [];
      const longest = Math.max(largeTargets.length, ...sides.map((side) => side.timed.length));
      for (let from = 0; from < longest; from += block) {
        sides.forEach((side, index) =>
          timeBlock(smallAnswers[index]!, side.timed, from, Math.min(side.timed.length, from + block), timedSmall[index]!, timings.smalls[index]!.answers),
        );
        timeBlock(largeAnswer, largeTargets, from, Math.min(largeTargets.length, from + block), timedLarge, timings.large.answers);
      }
      timedSmall.forEach((timed, index) => {
        timings.smalls[index]!.roundGrowths.push(median(timedLarge) / median(timed));
        timings.smalls[index]!.durations.push(...timed);
      });
      timings.large.durations.push(...timedLarge);
      timings.large.targets += largeTargets.length;
    } finally {
      for (const graph of opened) await graph.close();
    }
  }
  return timings;
}

/** The growth row of one question against one small tenant. */
function growthRow(
  options: PathsGrowthOptions,
  entity: EntityKind,
  large: Timings["large"],
  largeSizes: AnswerSizes,
  small: SmallTimings,
  sameTeam: boolean,
): MeasurementResult {
  const { targets, block, rounds } = options;
  const smallScale = options.small.scale;
  const largeScale = options.large.scale;
  const smallSummary = summarize(small.durations);
  const largeSummary = summarize(large.durations);
  const growth = largeSummary.medianMs / smallSummary.medianMs;
  const smallSizes = answerSizes(small.answers);
  const users = options.large.tenant.userUuids.length;
  return {
    id: `paths-${entity}-growth${sameTeam ? "-same-team" : ""}`,
    title: `Two-hop ranked paths to one ${entity} (engine), growth ${smallScale} -> ${largeScale} side by side${sameTeam ? `, ${smallScale} with ${largeScale}'s team` : ""}`,
    subject: {
      label: `recommendedPaths on the ${largeScale} graph, ${large.targets} distinct random targets over ${rounds} round(s)`,
      summary: largeSummary,
    },
    baseline: {
      label: sameTeam
        ? `the same on an ${smallScale} tenant generated with the ${largeScale} tenant's ${users} users (${small.targets} distinct targets, a fresh graph each round), in the same alternating blocks of ${block}`
        : `the same on an ${smallScale} tenant's graph in this process (${small.targets} distinct targets, a fresh graph each round), in alternating blocks of ${block}`,
      summary: smallSummary,
    },
    speedRatio: speedRatioOf(largeSummary, smallSummary),
    // The issue's target is read on each scale's own team (the row beside this one).
    targets: sameTeam ? [] : [{ description: `p50 grows < ${MAXIMUM_GROWTH}x from ${smallScale} to ${largeScale} (side by side in one process)`, met: growth < MAXIMUM_GROWTH }],
    figures: {
      growth,
      lowestRoundGrowth: Math.min(...small.roundGrowths),
      highestRoundGrowth: Math.max(...small.roundGrowths),
      smallMedianPathsCounted: median(smallSizes.paths),
      largeMedianPathsCounted: median(largeSizes.paths),
      perPathGrowth: medianMsPer(large.durations, largeSizes.paths) / medianMsPer(small.durations, smallSizes.paths),
      smallMedianItems: median(smallSizes.items),
      largeMedianItems: median(largeSizes.items),
      smallMedianAnswerBytes: median(smallSizes.bytes),
      largeMedianAnswerBytes: median(largeSizes.bytes),
      answerGrowth: median(largeSizes.bytes) / median(smallSizes.bytes),
      perAnswerByteGrowth: medianMsPer(large.durations, largeSizes.bytes) / medianMsPer(small.durations, smallSizes.bytes),
      ...(sameTeam ? { teamUsers: users } : {}),
    },
    notes: [
      `targets drawn at each scale as for the engine row (half uniform, half weighted by activity) with other seeds, ${targets} draws each, every distinct target timed once on its graph; ${rounds} round(s), pooled: each round hydrates the ${smallScale} graph afresh and asks it the same targets, and asks the ${largeScale} graph targets it has not been asked before; each side warmed on ${WARM_UP_TARGETS} draws of other targets each round (and the ${smallScale} code paths once, on a graph thrown away); then blocks of ${block} targets, ${smallScale} first, alternating${options.sameTeam ? ` (the ${smallScale} tenant with the ${largeScale} team's blocks between: each round asks both ${smallScale} tenants, then the ${largeScale} one)` : ""}; the graphs share this process's heap`,
      "growth: the subject's median over the baseline's, all rounds pooled; lowest/highestRoundGrowth: the same ratio within each round; medianPathsCounted: the median target's direct and two-hop paths at each scale (its neighbourhood); perPathGrowth: the same growth of each target's time per path counted (targets without a path left out), which holds the neighbourhood's size still; medianItems: the median answer's items (internal users reaching the target); medianAnswerBytes: the median engine answer's size as JSON, before the API adds the records it names (answerGrowth: the large scale's over the small one's): what any engine has to build, however it walks; perAnswerByteGrowth: the growth of each target's time per byte of its answer",
      ...(sameTeam
        ? [
            `no target: the ${smallScale} tenant has the ${largeScale} tenant's team (teamUsers), so a target's neighbourhood, which the team's size sets, is about the same at both scales and only the tenant grows: the issue's reason for the target (cost follows the neighbourhood, not the tenant size), read on its own; the issue's target is the row with each scale's own team, whose ${largeScale} timings this row shares (its blocks alternate with both ${smallScale} tenants')`,
          ]
        : []),
    ],
  };
}

/**
 * For persons and companies: the engine's p50 on the large graph against the small one, timed in
 * alternating blocks (small first) after each has warmed on its own targets, over `rounds` rounds pooled.
 * With `sameTeam`, a second row each against the small scale generated with the large one's users, its blocks
 * alternating with the same large targets' blocks.
 */
export async function measurePathsGrowth(options: PathsGrowthOptions): Promise<MeasurementResult[]> {
  const { small, large, sameTeam, block, rounds } = options;
  requirePositiveInteger("block", block);
  requirePositiveInteger("rounds", rounds);
  if (sameTeam && sameTeam.tenant.userUuids.length !== large.tenant.userUuids.length) {
    throw new Error(`the same-team tenant has ${sameTeam.tenant.userUuids.length} users, the ${large.scale} tenant ${large.tenant.userUuids.length}`);
  }
  const results: MeasurementResult[] = [];
  for (const entity of ENTITY_KINDS) {
    const timings = await timeRounds(options, entity);
    // The large side's answers are sized once: both rows share them (thousands of answers at L).
    const largeSizes = answerSizes(timings.large.answers);
    results.push(growthRow(options, entity, timings.large, largeSizes, timings.smalls[0]!, false));
    if (sameTeam) results.push(growthRow(options, entity, timings.large, largeSizes, timings.smalls[1]!, true));
  }
  return results;
}
