/** @module The two-hop paths to a target that can change a ranking, found by visiting bridges strongest first. */
import type { BridgeOrder } from "./bridge-order.js";
import { BridgeQueue } from "./bridge-queue.js";
import { scoreBoundOfUndecayed } from "./edge-bounds.js";
import type { EvaluationContext, GraphState, PersonRecord } from "./graph-state.js";
import { roundScore } from "./scores.js";
import { Stamps } from "./stamps.js";
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
/** Per queue entry: its bridge's person index and the bridge's edge with the target. */
let entryBridges = new Int32Array(0);
let entryEdges = new Int32Array(0);
let entryCount = 0;
/** The bridges queued apart from a kept order in this walk (their edge with the target written since the sort). */
const queuedApart = new Stamps();
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
 * Queues a bridge of the target, with its edge with the target, as a new entry: by a ceiling of its score with
 * the target, exact unless the pair has an interaction after `now` (then the entry is stored as ~entry, and its
 * exact score, a rescan, is computed only when it comes first). `ordered`: the queue is a heap already (a kept
 * order's walk). False when the pair has no interaction by `now`.
 */
function queueBridge(state: GraphState, targetIndex: number, context: EvaluationContext, bridgeIndex: number, secondEdge: number, ordered: boolean): boolean {
  const ceiling = state.scoreCeilingAt(bridgeIndex, targetIndex, secondEdge, context);
  if (ceiling < 0) return false;
  const entry = entryCount;
  entryCount += 1;
  entryBridges[entry] = bridgeIndex;
  entryEdges[entry] = secondEdge;
  const queued = state.scoreCeilingIsInexact(secondEdge, context) ? ~entry : entry;
  if (ordered) queue.insert(ceiling, queued);
  else queue.add(ceiling, queued);
  return true;
}

/** Empties the queue and its entries, for at most `capacity` bridges. */
function resetQueue(capacity: number): void {
  queue.reset(capacity);
  entryCount = 0;
  if (entryBridges.length < capacity) {
    entryBridges = new Int32Array(capacity);
    entryEdges = new Int32Array(capacity);
  }
}

/**
 * Queues, from a kept order, the bridges it cannot place: those whose edge with the target was written since
 * the sort (a neighbour that came later among them: every edge is written as it is created). Marks them, so
 * that the ordered reads pass over them.
 */
function queueOutOfOrder(state: GraphState, target: PersonRecord, context: EvaluationContext, table: TeamLinkTable, order: BridgeOrder): void {
  const { masks, maskStride } = table;
  const { written } = order;
  queuedApart.begin(state.records.length);
  for (let at = 0; at < written.length; at += 2) {
    const bridgeIndex = written[at]!;
    if (queuedApart.has(bridgeIndex)) continue;
    queuedApart.mark(bridgeIndex);
    if (maskHasSlots(masks, bridgeIndex * maskStride, maskStride)) queueBridge(state, target.index, context, bridgeIndex, written[at + 1]!, true);
  }
}

/**
 * Queues the bridges of the kept order from `cursor` on, while the next one's bound is at least the queue's
 * strongest score (or the queue is empty): no bridge left unread can then beat the one popped next. Returns
 * the new cursor.
 */
function queueInOrder(state: GraphState, target: PersonRecord, context: EvaluationContext, table: TeamLinkTable, order: BridgeOrder, cursor: number): number {
  const { masks, maskStride } = table;
  const { positions, keys } = order;
  const { neighbours, neighbourEdges } = target;
  let at = cursor;
  while (at < positions.length) {
    if (queue.size > 0 && scoreBoundOfUndecayed(keys[at]!, context) < queue.topScore()) break;
    const position = positions[at]!;
    at += 1;
    const bridgeIndex = neighbours[position]!;
    if (queuedApart.has(bridgeIndex) || !maskHasSlots(masks, bridgeIndex * maskStride, maskStride)) continue;
    queueBridge(state, target.index, context, bridgeIndex, neighbourEdges[position]!, true);
  }
  return at;
}

/** Visits the paths of the bridge of queue entry `entry`, of the users still active, through the second hop scored `secondScore`. */
function visitBridge(
  state: GraphState,
  target: PersonRecord,
  context: EvaluationContext,
  table: TeamLinkTable,
  visitor: TwoHopVisitor,
  rememberLinkScores: boolean,
  entry: number,
  secondScore: number,
): void {
  const { start, end: ends, users, edges, firstAt, teamSlot } = table;
  const now = context.now;
  const targetIndex = target.index;
  const bridgeIndex = entryBridges[entry]!;
  const secondEdge = entryEdges[entry]!;
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
  const countsServe = context.storedAggregatesUsable && !targetIsUser && table.twoHopCountsServe(now);
  // A first target counts from the kept counts only when its bridges are kept in order: else its one pass
  // over them counts and queues at once.
  let order = countsServe && !mayWantNone ? state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds) : null;
  const countsKept = countsServe && (mayWantNone || order !== null);
  const countsFirst = countsKept || (mayWantNone && context.storedAggregatesUsable && state.edgeBounds.latestFirstAt(targetIndex) <= now);
  if (countsKept) {
    table.addTwoHopCounts(state, targetIndex, now, counts);
  } else {
    resetQueue(bridges.length);
    for (let position = 0; position < bridges.length; position += 1) {
      const bridgeIndex = bridges[position]!;
      if (!maskHasSlots(masks, bridgeIndex * maskStride, maskStride)) continue;
      // Counted unless its edge with the target has no interaction by `now`, which countsFirst rules out.
      if (countsFirst || queueBridge(state, targetIndex, context, bridgeIndex, bridgeEdges[position]!, false)) {
        table.addBridgePaths(bridgeIndex, targetIndex, targetIsUser, now, counts);
      }
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
    if (order === null && countsServe) order = state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds);
    resetQueue(bridges.length);
    if (order === null) {
      for (let position = 0; position < bridges.length; position += 1) {
        const bridgeIndex = bridges[position]!;
        if (maskHasSlots(masks, bridgeIndex * maskStride, maskStride)) queueBridge(state, targetIndex, context, bridgeIndex, bridgeEdges[position]!, false);
      }
    }
  }

  let cursor = 0;
  if (order === null) queue.order();
  else queueOutOfOrder(state, target, context, table, order);
  for (;;) {
    if (order !== null) cursor = queueInOrder(state, target, context, table, order, cursor);
    if (activeCount === 0 || queue.size === 0) break;
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

    const entry = queue.pop();
    if (entry >= 0) {
      visitBridge(state, target, context, table, visitor, rememberLinkScores, entry, ceiling);
      continue;
    }
    const secondScore = state.scoreAt(entryBridges[~entry]!, targetIndex, entryEdges[~entry]!, context);
    if (secondScore >= 0) queue.insert(secondScore, ~entry);
  }
}
