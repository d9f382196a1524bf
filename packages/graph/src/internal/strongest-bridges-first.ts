/** @module The two-hop paths to a target that can change a ranking, found by visiting bridges strongest first. */
import { BridgeQueue } from "./bridge-queue.js";
import type { EvaluationContext, GraphState, PersonRecord } from "./graph-state.js";
import { roundScore } from "./scores.js";
import { maskHasSlots, type TeamLinkTable } from "./team-link-table.js";

/** What a ranking keeps of a target's two-hop paths (user → external bridge → target). */
export interface TwoHopVisitor {
  /** `count` two-hop paths lead from the user at person index `userIndex` to the target. */
  counted(userIndex: number, count: number): void;
  /** Whether a path from `userIndex` of strength at most `ceiling` could still change what is kept. */
  wants(userIndex: number, ceiling: number): boolean;
  /** One path, scored: user → bridge (first) and bridge → target (second). */
  path(userIndex: number, firstScore: number, firstEdge: number, bridgeIndex: number, secondScore: number, secondEdge: number): void;
}

/** Scratch reused call after call (a ranking is synchronous). */
const queue = new BridgeQueue();
let counts = new Int32Array(0);
let unseen = new Int32Array(0);
let active = new Int32Array(0);
let isActive = new Uint8Array(0);

function prepareTeam(size: number): void {
  if (counts.length < size) {
    counts = new Int32Array(size);
    unseen = new Int32Array(size);
    active = new Int32Array(size);
    isActive = new Uint8Array(size);
  }
  counts.fill(0, 0, size);
}


// The walk's steps are functions of the module, not closures of each call: a company's ranking walks
// thousands of members, and two closures a member were most of what the walk allocated.

/**
 * Queues the target's bridge at `position` by a ceiling of its score with the target: exact unless the pair
 * has an interaction after `now` (then the position is stored as ~position, and its exact score, a rescan, is
 * computed only when it comes first). False when the pair has no interaction by `now`.
 */
function queueBridge(state: GraphState, target: PersonRecord, context: EvaluationContext, position: number): boolean {
  const secondEdge = target.neighbourEdges[position]!;
  const ceiling = state.scoreCeilingAt(target.neighbours[position]!, target.index, secondEdge, context);
  if (ceiling < 0) return false;
  queue.add(ceiling, state.scoreCeilingIsInexact(secondEdge, context) ? ~position : position);
  return true;
}

/** Visits the paths of the target's bridge at `position`, of the users still active, through the second hop scored `secondScore`. */
function visitBridge(
  state: GraphState,
  target: PersonRecord,
  context: EvaluationContext,
  table: TeamLinkTable,
  visitor: TwoHopVisitor,
  rememberLinkScores: boolean,
  position: number,
  secondScore: number,
): void {
  const { start, end: ends, users, edges, firstAt, teamSlot } = table;
  const now = context.now;
  const targetIndex = target.index;
  const bridgeIndex = target.neighbours[position]!;
  const secondEdge = target.neighbourEdges[position]!;
  const end = ends[bridgeIndex]!;
  for (let link = start[bridgeIndex]!; link < end; link += 1) {
    const userIndex = users[link]!;
    const slot = teamSlot[userIndex]!;
    if (isActive[slot] === 0 || userIndex === targetIndex || firstAt[link]! > now) continue;
    unseen[slot] = unseen[slot]! - 1;
    // A pair with an upcoming interaction is rescanned only when its ceiling leaves the path in contention.
    const firstEdge = edges[link]!;
    const remembered = rememberLinkScores && table.isScored(link);
    if (!remembered && state.scoreNeedsRescan(firstEdge, context)) {
      const ceiling = state.scoreCeilingAt(userIndex, bridgeIndex, firstEdge, context);
      if (!visitor.wants(userIndex, roundScore(ceiling * secondScore))) continue;
    }
    const firstScore = rememberLinkScores ? table.linkScore(state, link, bridgeIndex, context) : state.scoreAt(userIndex, bridgeIndex, firstEdge, context);
    if (firstScore >= 0) visitor.path(userIndex, firstScore, firstEdge, bridgeIndex, secondScore, secondEdge);
  }
}

/** How a walk may save work, from what the caller knows of its visitor. */
export interface WalkOptions {
  /** Several targets in one call (a company's members, a batch): each link's score is kept for the call. */
  rememberLinkScores: boolean;
  /**
   * The visitor already holds the paths of earlier targets (a company's members after the first), so it
   * may want none of this one's: count first, and order the bridges only if a user wants a path as strong
   * as the target's strongest edge can be.
   */
  mayWantNone: boolean;
}

/**
 * Reports to `visitor`, per user, how many two-hop paths lead to `target` at `context.now`, then the paths
 * that may change what the visitor keeps. A path counts when both its edges have an interaction at or before
 * `now`; the counts need only the table's first-interaction times, never a score (and of a bridge whose
 * team links all began by `now`, only its mask).
 *
 * Bridges are then visited by their score with the target, strongest first. A connection score is below 1,
 * so no path through a bridge is stronger than that bridge's score with the target. (A bridge whose pair
 * has an interaction after `now` is queued by a ceiling of that score, and scored exactly only when it comes
 * first.) A user whose visitor no longer `wants` paths of that strength, or whose paths were all seen, is
 * left out of the rest of the walk, and the walk ends when no user is left. The cost is one light pass over
 * the target's bridges and their links, plus the scoring of the bridges and links visited: not every path
 * (a busy person has hundreds of thousands).
 *
 * With `rememberLinkScores` (several targets in one call: a company's members, a batch), each link's score is
 * kept for the call, as their bridges are shared; one target visits each link once, and keeping its score
 * would cost two more cache misses a link.
 *
 * With `mayWantNone`, when every edge of the target counts at `now` (its bounds say so), the bridges are
 * counted from their masks alone, and their edges with the target are read only when some user still wants
 * a path of the target's score bound: at a company's thousands of members, most are not read at all. When
 * the table's kept two-hop counts serve `now`, the paths are counted from them without reading the
 * bridges at all, whatever the target's edges' first interactions.
 */
export function visitStrongestTwoHopPaths(
  state: GraphState,
  target: PersonRecord,
  context: EvaluationContext,
  table: TeamLinkTable,
  visitor: TwoHopVisitor,
  { rememberLinkScores, mayWantNone }: WalkOptions,
): void {
  const { teamSlot, team, masks, maskStride } = table;
  const now = context.now;
  const targetIndex = target.index;
  // A user's own paths through a bridge to themselves are no paths: counted link by link.
  const targetIsUser = teamSlot[targetIndex]! >= 0;
  const bridges = target.neighbours;
  const bridgeEdges = target.neighbourEdges;
  prepareTeam(team.length);
  // Bridges are external, with team links: a colleague who knows the target is an item of their own
  // already, and a colleague's own person has no mask.
  const countsKept = mayWantNone && context.storedAggregatesUsable && !targetIsUser && table.twoHopCountsServe(now);
  const countsFirst = countsKept || (mayWantNone && context.storedAggregatesUsable && state.edgeBounds.latestFirstAt(targetIndex) <= now);
  if (countsKept) {
    table.addTwoHopCounts(state, targetIndex, now, counts);
  } else {
    queue.reset(bridges.length);
    for (let position = 0; position < bridges.length; position += 1) {
      const bridgeIndex = bridges[position]!;
      if (!maskHasSlots(masks, bridgeIndex * maskStride, maskStride)) continue;
      // Counted unless its edge with the target has no interaction by `now`, which countsFirst rules out.
      if (countsFirst || queueBridge(state, target, context, position)) table.addBridgePaths(bridgeIndex, targetIndex, targetIsUser, now, counts);
    }
  }

  let activeCount = 0;
  for (let slot = 0; slot < team.length; slot += 1) {
    const count = counts[slot]!;
    isActive[slot] = 0;
    if (count === 0) continue;
    visitor.counted(team[slot]!, count);
    unseen[slot] = count;
    isActive[slot] = 1;
    active[activeCount] = slot;
    activeCount += 1;
  }

  if (countsFirst) {
    if (activeCount === 0) return;
    const bound = state.edgeBounds.scoreBound(targetIndex, context);
    let wanted = false;
    for (let at = 0; at < activeCount && !wanted; at += 1) wanted = visitor.wants(team[active[at]!]!, bound);
    if (!wanted) return;
    queue.reset(bridges.length);
    for (let position = 0; position < bridges.length; position += 1) {
      if (maskHasSlots(masks, bridges[position]! * maskStride, maskStride)) queueBridge(state, target, context, position);
    }
  }

  queue.order();
  while (activeCount > 0 && queue.size > 0) {
    const ceiling = queue.topScore();
    let kept = 0;
    for (let at = 0; at < activeCount; at += 1) {
      const slot = active[at]!;
      if (unseen[slot]! > 0 && visitor.wants(team[slot]!, ceiling)) {
        active[kept] = slot;
        kept += 1;
      } else {
        isActive[slot] = 0;
      }
    }
    activeCount = kept;
    if (activeCount === 0) break;

    const position = queue.pop();
    if (position >= 0) {
      visitBridge(state, target, context, table, visitor, rememberLinkScores, position, ceiling);
      continue;
    }
    const secondScore = state.scoreAt(bridges[~position]!, targetIndex, bridgeEdges[~position]!, context);
    if (secondScore >= 0) queue.insert(secondScore, ~position);
  }
}
