/** @module A company's paths counted by team slot over all its members, summed once and kept while the team-link table holds still. */
import type { GraphState } from "./graph-state.js";
import type { TeamLinkTable } from "./team-link-table.js";

/** What one member list's paths sum to, as of one table revision. */
interface KeptSums {
  table: TeamLinkTable;
  revision: number;
  /** By team slot: the members' kept two-hop counts and the direct paths that began by the table's `settledAt`. */
  settled: Int32Array;
  /** Members with late bridges, whose paths through them are counted at each `now`. */
  withLateBridges: Int32Array;
  /** Members with a team link that began after `settledAt`, whose direct paths are counted at each `now`. */
  withLateLinks: Int32Array;
}

/**
 * The direct and two-hop paths to all of a company's external members, by team slot: what a company's ranking
 * counts before it collects its strongest members (`collectStrongestMembersFirst`). Counting them member by
 * member reads a row of kept counts and a mask per member, tens of thousands at a large company. Here that
 * pass runs once per member list and table revision: the part that holds at every `now` the kept counts serve
 * is summed and kept, and only the members with late bridges or late team links are counted again at each
 * `now`.
 *
 * A list is kept by identity (a WeakMap): the lists of `ExternalMemberLists` are never changed in place, a
 * company whose members change gets a new one. Any change to the table moves its `revision`; at the next
 * ranking the sums are made afresh if a settle happened or the change touched one of the members
 * (`unchangedSince`, a read of one number per member), else kept.
 *
 * @example
 * const paths = new Int32Array(table.team.length);
 * sums.addPaths(state, table, state.externalMemberLists.of("acme", members), now, paths);
 */
export class MemberPathSums {
  private readonly kept = new WeakMap<ArrayLike<number>, KeptSums>();

  /**
   * Adds to `into`, by team slot, the direct and two-hop paths at `now` to every person of `members` (external
   * persons' indices, unchanged for as long as the list is in use). The table's kept counts must serve `now`
   * (`twoHopCountsServe`).
   */
  addPaths(state: GraphState, table: TeamLinkTable, members: ArrayLike<number>, now: number, into: Int32Array): void {
    let sums = this.kept.get(members);
    if (sums !== undefined && sums.table === table && sums.revision !== table.revision && table.unchangedSince(members, sums.revision)) {
      // A catch-up that changed none of the members (most writes concern other persons): the sums still hold.
      sums.revision = table.revision;
    }
    if (sums === undefined || sums.table !== table || sums.revision !== table.revision) {
      sums = sumMembers(table, members);
      this.kept.set(members, sums);
    }
    const { settled, withLateBridges, withLateLinks } = sums;
    for (let slot = 0; slot < settled.length; slot += 1) into[slot] = into[slot]! + settled[slot]!;
    for (let at = 0; at < withLateBridges.length; at += 1) table.addLateTwoHopPaths(state, withLateBridges[at]!, now, into);
    for (let at = 0; at < withLateLinks.length; at += 1) table.addDirectPaths(withLateLinks[at]!, now, into);
  }
}

/** One pass over `members`: the sums that hold at every `now` the table's counts serve, and the members counted apart. */
function sumMembers(table: TeamLinkTable, members: ArrayLike<number>): KeptSums {
  const settled = new Int32Array(table.team.length);
  const withLateBridges: number[] = [];
  const withLateLinks: number[] = [];
  for (let at = 0; at < members.length; at += 1) {
    const member = members[at]!;
    table.addSettledTwoHopCounts(member, settled);
    if (table.hasLateBridges(member)) withLateBridges.push(member);
    // Every link began by settledAt, so by any `now` served: the member's mask counts as it stands.
    if (table.directPathsSettled(member)) table.addDirectPaths(member, table.settledAt, settled);
    else withLateLinks.push(member);
  }
  return { table, revision: table.revision, settled, withLateBridges: Int32Array.from(withLateBridges), withLateLinks: Int32Array.from(withLateLinks) };
}
