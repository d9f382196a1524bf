/** @module A company's paths collected from its members strongest first, stopping once the rest cannot change the ranking. */
import { scoreBoundOfUndecayed } from "./edge-bounds.js";
import type { EvaluationContext, GraphState } from "./graph-state.js";
import type { MembersByBound } from "./members-by-bound.js";
import type { PathCollector } from "./path-collector.js";
import type { TeamLinkTable } from "./team-link-table.js";

/** Adds to `into`, by team slot, the direct and two-hop paths at `now` to the member at person index `member`. */
function addMemberPaths(state: GraphState, table: TeamLinkTable, member: number, now: number, into: Int32Array): void {
  table.addTwoHopCounts(state, member, now, into);
  table.addDirectPaths(member, now, into);
}

/** Whether some user with paths to the members not collected (`uncollected`, by slot) may want one of strength at most `ceiling`. */
function anyUserMayWant(table: TeamLinkTable, uncollected: Int32Array, collector: PathCollector, ceiling: number): boolean {
  const { team } = table;
  for (let slot = 0; slot < team.length; slot += 1) {
    if (uncollected[slot]! > 0 && collector.mayWantOthers(team[slot]!, ceiling)) return true;
  }
  return false;
}

/**
 * Collects a company's paths into `collector`, its external members read in order of their bounds, highest
 * first (`order`, begun over their person indices and not read yet). Every path to a member is at most as
 * strong as the member's bound, and the bounds never rise along the order. So once no user who has paths to
 * the members left may want a path that strong (`mayWantOthers`), none of them can change a best path, a
 * listed one or a priority entry: the walk stops, and their paths are only counted, from the table's kept
 * counts. Their paths by user are counted first, from sums kept per member list (`MemberPathSums`); a
 * large company then collects a few dozen of its thousands of members. The kept counts must serve
 * `context.now` (`twoHopCountsServe`), and the stored aggregates bound its scores (`storedAggregatesUsable`).
 */
export function collectStrongestMembersFirst(
  state: GraphState,
  table: TeamLinkTable,
  order: MembersByBound,
  collector: PathCollector,
  context: EvaluationContext,
): void {
  const now = context.now;
  const { team } = table;
  // Per team slot: the paths to the members not collected yet; and one member's.
  const uncollected = new Int32Array(team.length);
  const memberPaths = new Int32Array(team.length);
  state.memberPathSums.addPaths(state, table, order.members, now, uncollected);
  for (let rank = 0; ; rank += 1) {
    const member = order.at(rank);
    if (member < 0 || !anyUserMayWant(table, uncollected, collector, scoreBoundOfUndecayed(order.keyAt(rank), context))) break;
    memberPaths.fill(0);
    addMemberPaths(state, table, member, now, memberPaths);
    for (let slot = 0; slot < team.length; slot += 1) uncollected[slot] = uncollected[slot]! - memberPaths[slot]!;
    collector.collect(state.record(member));
  }
  for (let slot = 0; slot < team.length; slot += 1) {
    if (uncollected[slot]! > 0) collector.countUncollected(team[slot]!, uncollected[slot]!);
  }
}
