/** @module Per internal user, the paths to one ranking's targets: counted, the strongest kept, and the targets as priorities. */
import type { Hop } from "../types.js";
import type { EdgeScoreMemo } from "./edge-score-memo.js";
import type { EvaluationContext, GraphState, PairEvaluation, PersonRecord } from "./graph-state.js";
import type { IndexMap } from "./index-map.js";
import { insertRanked } from "./ranked-list.js";
import { compareUuids, prettyScore, roundScore } from "./scores.js";
import { visitStrongestTwoHopPaths, type TwoHopVisitor, type WalkOptions } from "./strongest-bridges-first.js";
import { pathPowerOfScores } from "./team-connections.js";
import type { TeamLinkTable } from "./team-link-table.js";

export interface PathCandidate {
  strength: number;
  hops: Hop[];
}

/** A target person as one user's priority: ranked by `priorityScore`, then `rq`, then uuid. */
export interface PriorityCandidate {
  target: PersonRecord;
  priorityScore: number;
  rq: number;
}

export interface UserAccumulator {
  user: PersonRecord;
  best: number;
  pathCount: number;
  paths: PathCandidate[];
  /** The highest `priority_management` candidates so far, highest first (see keepPriority). */
  priorities: PriorityCandidate[];
  /** The target person being collected, with the best path to it and the direct score (0 without one). */
  target: PersonRecord | null;
  bestToTarget: number;
  directToTarget: number;
}

/** What one ranking call collects with. */
export interface PathCollectorSettings {
  context: EvaluationContext;
  /** Paths kept per user, strongest first. */
  maximumPaths: number;
  /** Priority entries kept per user. */
  maximumPriorities: number;
  /** Colleague-to-bridge scores remembered across the call's targets (several targets), else null. */
  memo: EdgeScoreMemo | null;
  /** Bridges' links are read from it when given, else from the bridges' records. */
  table: TeamLinkTable | null;
  /** Receives each target's PathPower (from its direct links), when the caller ranks a company's contacts. */
  pathPowers: IndexMap<number | null> | null;
}

function hop(person: PersonRecord, evaluation: PairEvaluation): Hop {
  return {
    person_uuid: person.uuid,
    connection_score: evaluation.score,
    interaction_count: evaluation.interactionCount,
    last_interaction_at: evaluation.lastInteractionAt,
  };
}

function comparePaths(left: PathCandidate, right: PathCandidate): number {
  if (left.strength !== right.strength) return right.strength - left.strength;
  if (left.hops.length !== right.hops.length) return left.hops.length - right.hops.length;
  for (let position = 0; position < left.hops.length; position += 1) {
    const order = compareUuids(left.hops[position]?.person_uuid ?? "", right.hops[position]?.person_uuid ?? "");
    if (order !== 0) return order;
  }
  return 0;
}

/** The order of a user's listed paths (see comparePaths). */
const pathRanksAbove = (left: PathCandidate, right: PathCandidate) => comparePaths(left, right) < 0;

/** Whether a candidate (priority score, rq, target) ranks above `other`: higher score, then higher rq, then lower uuid. */
function outranks(priorityScore: number, rq: number, target: PersonRecord, other: PriorityCandidate): boolean {
  if (priorityScore !== other.priorityScore) return priorityScore > other.priorityScore;
  if (rq !== other.rq) return rq > other.rq;
  return compareUuids(target.uuid, other.target.uuid) < 0;
}

/** Whether a candidate would enter `priorities` (the `limit` highest so far; they only rise). */
function entersPriorities(priorities: PriorityCandidate[], priorityScore: number, rq: number, target: PersonRecord, limit: number): boolean {
  if (priorities.length < limit) return true;
  return limit > 0 && outranks(priorityScore, rq, target, priorities[limit - 1]!);
}

const priorityRanksAbove = (left: PriorityCandidate, right: PriorityCandidate) => outranks(left.priorityScore, left.rq, left.target, right);

/**
 * Keeps `priorities` as the `limit` highest candidates, highest first: a company has thousands of members,
 * and most of them do not enter, so a candidate is built only when it does.
 */
function keepPriority(priorities: PriorityCandidate[], target: PersonRecord, priorityScore: number, rq: number, limit: number): void {
  if (entersPriorities(priorities, priorityScore, rq, target, limit)) insertRanked(priorities, { target, priorityScore, rq }, limit, priorityRanksAbove);
}

const NO_LINKS: readonly number[] = [];

/**
 * Collects, per internal user, every direct and two-hop path to the targets of one ranking call: each is
 * counted, and the `maximumPaths` strongest are kept (a busy target has thousands). Only a kept path builds
 * its hops; the others cost a score lookup each. One collector serves every target of the call (a company's
 * members are thousands of targets), so collecting a target allocates only what it keeps.
 *
 * @example
 * const collector = new PathCollector(state, accumulators, settings);
 * for (const person of members) collector.collect(person);
 * accumulators.values; // one per user with a path
 */
export class PathCollector implements TwoHopVisitor {
  private target: PersonRecord | null = null;
  // The per-target lists below are reused, their first `...Count` entries current: emptying an array by
  // `length = 0` drops its storage, and a company's thousands of members each refilled it.
  /** The accumulators of the users with a path to the target being collected. */
  private readonly touched: UserAccumulator[] = [];
  private touchedCount = 0;
  /** The direct-link scores of the target being collected (its PathPower's inputs). */
  private readonly directScores: number[] = [];
  private directCount = 0;
  private readonly walkOptions: WalkOptions = { rememberLinkScores: false, mayWantNone: false };
  /** The second hop of a bridge, built with the first of its paths that is listed. */
  private secondHop: Hop | null = null;
  private secondHopBridge = -1;
  /** Targets collected so far: after the first, the users hold paths that a target's may not beat. */
  private collected = 0;

  constructor(
    private readonly state: GraphState,
    private readonly accumulators: IndexMap<UserAccumulator>,
    private readonly settings: PathCollectorSettings,
  ) {}

  /** Collects the paths to `target`. */
  collect(target: PersonRecord): void {
    const { state, settings } = this;
    const { context, pathPowers, table, memo } = settings;
    this.target = target;
    this.touchedCount = 0;
    this.secondHopBridge = -1;
    this.collectDirect(target);
    if (pathPowers !== null) pathPowers.set(target.index, pathPowerOfScores(this.directScores, context, this.directCount));
    if (table !== null) {
      const walkOptions = this.walkOptions;
      walkOptions.rememberLinkScores = memo !== null;
      walkOptions.mayWantNone = this.collected > 0;
      visitStrongestTwoHopPaths(state, target, context, table, this, walkOptions);
    } else {
      this.collectEveryTwoHopPath(target, memo);
    }
    for (let at = 0; at < this.touchedCount; at += 1) {
      const accumulator = this.touched[at]!;
      keepPriority(accumulator.priorities, target, prettyScore(accumulator.bestToTarget), accumulator.directToTarget, settings.maximumPriorities);
    }
    this.collected += 1;
  }

  /** `count` two-hop paths lead from the user at `userIndex` to the target (TwoHopVisitor). */
  counted(userIndex: number, count: number): void {
    this.accumulatorOf(userIndex).pathCount += count;
  }

  /**
   * A path matters if it can raise the user's best, be listed, or bring this target into the user's priority
   * entries (with its best path to the target as their score) (TwoHopVisitor).
   */
  wants(userIndex: number, ceiling: number): boolean {
    const { maximumPaths, maximumPriorities } = this.settings;
    const accumulator = this.accumulatorOf(userIndex);
    if (ceiling > accumulator.best) return true;
    if (maximumPaths > 0 && (accumulator.paths.length < maximumPaths || ceiling >= accumulator.paths[maximumPaths - 1]!.strength)) return true;
    return (
      ceiling > accumulator.bestToTarget &&
      entersPriorities(accumulator.priorities, prettyScore(ceiling), accumulator.directToTarget, this.target!, maximumPriorities)
    );
  }

  /** One two-hop path, scored (TwoHopVisitor). */
  path(userIndex: number, firstScore: number, firstEdge: number, bridgeIndex: number, secondScore: number, secondEdge: number): void {
    const strength = roundScore(firstScore * secondScore);
    const accumulator = this.accumulatorOf(userIndex);
    if (this.offer(accumulator, strength)) this.listTwoHop(accumulator, strength, firstEdge, bridgeIndex, secondEdge);
  }

  /**
   * Whether the user could still want a path of strength at most `ceiling` to a target not collected yet: to
   * raise their best, be listed, or bring that target into their priority entries. True when they have no
   * path yet. A company's ranking stops reading members once no user with paths to the rest wants them.
   */
  mayWantOthers(userIndex: number, ceiling: number): boolean {
    const { maximumPaths, maximumPriorities } = this.settings;
    const accumulator = this.accumulators.get(userIndex);
    if (accumulator === undefined || ceiling > accumulator.best) return true;
    const { paths, priorities } = accumulator;
    if (maximumPaths > 0 && (paths.length < maximumPaths || ceiling >= paths[maximumPaths - 1]!.strength)) return true;
    // A target of the same priority score may still enter, by its rq or its uuid.
    return maximumPriorities > 0 && (priorities.length < maximumPriorities || prettyScore(ceiling) >= priorities[maximumPriorities - 1]!.priorityScore);
  }

  /** `count` paths to targets not collected lead from the user at `userIndex`, who has paths already: counted only. */
  countUncollected(userIndex: number, count: number): void {
    const accumulator = this.accumulators.get(userIndex);
    if (accumulator === undefined) throw new Error("PathCollector: paths counted for a user never collected (internal inconsistency).");
    accumulator.pathCount += count;
  }

  private collectDirect(target: PersonRecord): void {
    const { state, settings } = this;
    const { context } = settings;
    const directLinks = target.internalLinks ?? NO_LINKS;
    const directScores = this.directScores;
    this.directCount = 0;
    for (let position = 0; position < directLinks.length; position += 2) {
      const userIndex = directLinks[position]!;
      const edge = directLinks[position + 1]!;
      const score = state.scoreAt(userIndex, target.index, edge, context);
      if (score < 0) continue;
      directScores[this.directCount] = score;
      this.directCount += 1;
      const accumulator = this.accumulatorOf(userIndex);
      accumulator.directToTarget = score;
      accumulator.pathCount += 1;
      if (this.offer(accumulator, score)) {
        const path = { strength: score, hops: [hop(target, state.evaluate(accumulator.user, target, edge, context))] };
        insertRanked(accumulator.paths, path, settings.maximumPaths, pathRanksAbove);
      }
    }
  }

  /** Without a table: every path through every bridge, read from the bridges' records. */
  private collectEveryTwoHopPath(target: PersonRecord, memo: EdgeScoreMemo | null): void {
    const { state } = this;
    const { context } = this.settings;
    const bridges = target.neighbours;
    const bridgeEdges = target.neighbourEdges;
    for (let bridgePosition = 0; bridgePosition < bridges.length; bridgePosition += 1) {
      const bridge = state.record(bridges[bridgePosition]!);
      const links = bridge.internalLinks;
      if (links === null || bridge.userUuid !== null) continue;
      const secondEdge = bridgeEdges[bridgePosition]!;
      const secondScore = state.scoreAt(bridge.index, target.index, secondEdge, context);
      if (secondScore < 0) continue;
      for (let position = 0; position < links.length; position += 2) {
        const userIndex = links[position]!;
        if (userIndex === target.index) continue;
        const firstEdge = links[position + 1]!;
        let firstScore = memo === null ? Number.NaN : memo.get(firstEdge);
        if (Number.isNaN(firstScore)) {
          firstScore = state.scoreAt(userIndex, bridge.index, firstEdge, context);
          memo?.set(firstEdge, firstScore);
        }
        if (firstScore < 0) continue;
        const strength = roundScore(firstScore * secondScore);
        const accumulator = this.accumulatorOf(userIndex);
        accumulator.pathCount += 1;
        if (this.offer(accumulator, strength)) this.listTwoHop(accumulator, strength, firstEdge, bridge.index, secondEdge);
      }
    }
  }

  /** The user's accumulator, by person index: the walk never touches a colleague's record, only edge slots. */
  private accumulatorOf(userIndex: number): UserAccumulator {
    const target = this.target!;
    const accumulator =
      this.accumulators.get(userIndex) ??
      this.accumulators.set(userIndex, {
        user: this.state.record(userIndex),
        best: 0,
        pathCount: 0,
        paths: [],
        priorities: [],
        target: null,
        bestToTarget: -1,
        directToTarget: 0,
      });
    if (accumulator.target !== target) {
      accumulator.target = target;
      accumulator.bestToTarget = -1;
      accumulator.directToTarget = 0;
      this.touched[this.touchedCount] = accumulator;
      this.touchedCount += 1;
    }
    return accumulator;
  }

  /** Takes a path's strength into the user's best; true when it is strong enough to be listed. */
  private offer(accumulator: UserAccumulator, strength: number): boolean {
    const maximumPaths = this.settings.maximumPaths;
    if (strength > accumulator.best) accumulator.best = strength;
    if (strength > accumulator.bestToTarget) accumulator.bestToTarget = strength;
    if (maximumPaths === 0) return false;
    return accumulator.paths.length < maximumPaths || strength >= accumulator.paths[maximumPaths - 1]!.strength;
  }

  private listTwoHop(accumulator: UserAccumulator, strength: number, firstEdge: number, bridgeIndex: number, secondEdge: number): void {
    const { state } = this;
    const { context } = this.settings;
    const target = this.target!;
    const bridge = state.record(bridgeIndex);
    if (this.secondHopBridge !== bridgeIndex) {
      this.secondHop = hop(target, state.evaluate(bridge, target, secondEdge, context));
      this.secondHopBridge = bridgeIndex;
    }
    const path = { strength, hops: [hop(bridge, state.evaluate(accumulator.user, bridge, firstEdge, context)), this.secondHop!] };
    insertRanked(accumulator.paths, path, this.settings.maximumPaths, pathRanksAbove);
  }
}
